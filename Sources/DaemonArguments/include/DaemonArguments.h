// The standard library's hooks for `CommandLine` (arguments.c); nothing for Swift to call.
#ifndef DAEMON_ARGUMENTS_H
#define DAEMON_ARGUMENTS_H

/// argv and its count, as the standard library's `CommandLine` reads them.
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
/// Replaces the arguments `CommandLine` reads.
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

#endif
