//! The exit codes every command ends with, short: the man page's EXIT STATUS section
//! is built from them, and docs/commands.md's `Exit codes` table has a row for each
//! (a test checks both ways).

/// Each code and when it is given.
pub(crate) const EXIT_STATUS: [(&str, &str); 5] = [
    (
        "0",
        "It did what was asked (a right puzzle --answer). A closed standard output \
         (>&-) is opened on /dev/null at the start, so what is written there is lost and \
         the code is 0 all the same.",
    ),
    (
        "1",
        "A wrong puzzle --answer (said on standard output). An error, said on standard error as one line naming the file, line and column, \
         or the key: a record or file that cannot be read, a file or standard output \
         that cannot be written (a full disk, /dev/full), nothing to resume, no such game, \
         a game's save (s) that failed as the game was left (said after the farewell), \
         a game left that the farewell says was NOT saved.",
    ),
    (
        "2",
        "A usage error: an unknown option, a value out of range, options that do not go \
         together.",
    ),
    (
        "141",
        "Standard output was closed early by its reader (hijara games | head -1): ended \
         quietly by SIGPIPE.",
    ),
    (
        "128+N",
        "A screen ended by signal N (SIGTERM, SIGHUP; a closed terminal as SIGHUP), the \
         terminal restored first. Any other code (101) is a bug.",
    ),
];
