// The arguments the standard library's `CommandLine` reads, for the daemon's program.
//
// The standard library asks its runtime for argv through two C functions. Linked statically,
// the runtime's own definitions come with a start-up constructor that finds argv by reading
// /proc/self/maps with stdio and sscanf: about 130 000 instructions at every start, 6 % of
// the daemon's (BENCHMARKS.md, "The re-based targets, memory"). glibc hands every ELF
// constructor argc, argv and envp, so this file defines the same two functions from that, and
// the linker takes these instead of the runtime's (were both ever linked, the link fails on
// the duplicate names).
#include "DaemonArguments.h"

static int captured_argc;
static char **captured_argv;
static int override_argc;
static char **override_argv;
static char *empty_argv[] = { 0 };

static void capture(int argc, char **argv, char **envp) {
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
}

__attribute__((section(".init_array"), used))
static void (*capture_at_start)(int, char **, char **) = capture;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (override_argv) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (captured_argv) {
        *outArgLen = captured_argc;
        return captured_argv;
    }
    *outArgLen = 0;
    return empty_argv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}
