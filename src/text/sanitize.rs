//! Making outside text safe to show: control characters never reach a terminal raw.
