//! Fitting text to a number of display columns.
