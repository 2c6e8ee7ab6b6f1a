/* The glibc 2.38 functions that sid's static Swift runtime (built against glibc 2.42) calls and
 * Debian 12's glibc 2.36 does not have, linked into the arm64 programs (scripts/cross/prepare).
 *
 * glibc 2.38 gave C23's strtol family ("0b" prefixes read in base 0 and 2) new symbol names,
 * which code compiled for C23 or with _GNU_SOURCE calls; they are given here with that
 * behaviour on top of glibc 2.36's functions. The scanf family's C23 names read "0b" constants
 * for %i and take %b; the runtime's callers (libdispatch's and the command line's readers of
 * /proc) use neither, so glibc 2.36's vsscanf serves them. strlcpy and strlcat arrived in 2.38
 * too. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a C23 binary constant starts (after spaces and a sign), or NULL. */
static const char *binary_digits(const char *s, int base) {
    if (base != 0 && base != 2) return NULL;
    while (isspace((unsigned char)*s)) s++;
    if (*s == '+' || *s == '-') s++;
    if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B') && (s[2] == '0' || s[2] == '1')) return s + 2;
    return NULL;
}

/* Reads a binary constant as the unsigned magnitude glibc's strtoull would give its digits. */
static unsigned long long read_binary(const char *nptr, const char *digits, char **endptr,
                                      int *negative, int *overflow) {
    const char *s = nptr;
    while (isspace((unsigned char)*s)) s++;
    *negative = *s == '-';
    *overflow = 0;
    unsigned long long value = 0;
    for (s = digits; *s == '0' || *s == '1'; s++) {
        if (value > ULLONG_MAX / 2) *overflow = 1;
        value = value * 2 + (unsigned)(*s - '0');
    }
    if (endptr) *endptr = (char *)s;
    return value;
}

long long __isoc23_strtoll(const char *nptr, char **endptr, int base) {
    const char *digits = binary_digits(nptr, base);
    if (!digits) return strtoll(nptr, endptr, base);
    int negative, overflow;
    unsigned long long m = read_binary(nptr, digits, endptr, &negative, &overflow);
    if (!negative && (overflow || m > (unsigned long long)LLONG_MAX)) { errno = ERANGE; return LLONG_MAX; }
    if (negative && (overflow || m > (unsigned long long)LLONG_MAX + 1)) { errno = ERANGE; return LLONG_MIN; }
    return negative ? (long long)(0 - m) : (long long)m;
}

unsigned long long __isoc23_strtoull(const char *nptr, char **endptr, int base) {
    const char *digits = binary_digits(nptr, base);
    if (!digits) return strtoull(nptr, endptr, base);
    int negative, overflow;
    unsigned long long m = read_binary(nptr, digits, endptr, &negative, &overflow);
    if (overflow) { errno = ERANGE; return ULLONG_MAX; }
    return negative ? 0 - m : m;
}

/* long is long long's width on aarch64 and x86_64 (LP64). */
long __isoc23_strtol(const char *nptr, char **endptr, int base) {
    return (long)__isoc23_strtoll(nptr, endptr, base);
}

unsigned long __isoc23_strtoul(const char *nptr, char **endptr, int base) {
    return (unsigned long)__isoc23_strtoull(nptr, endptr, base);
}

int __isoc23_sscanf(const char *s, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int n = vsscanf(s, format, arguments);
    va_end(arguments);
    return n;
}

size_t strlcpy(char *dst, const char *src, size_t size) {
    size_t length = strlen(src);
    if (size > 0) {
        size_t n = length < size - 1 ? length : size - 1;
        memcpy(dst, src, n);
        dst[n] = '\0';
    }
    return length;
}

size_t strlcat(char *dst, const char *src, size_t size) {
    size_t used = strnlen(dst, size);
    if (used == size) return size + strlen(src);
    return used + strlcpy(dst + used, src, size - used);
}
