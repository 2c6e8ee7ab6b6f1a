#ifndef TOUCHBRIDGE_CNCURSES_SHIM_H
#define TOUCHBRIDGE_CNCURSES_SHIM_H
// The system's ncursesw, for `touchbridge watch` only: the alternate screen, keys, colours
// and output that sends the terminal only the cells that changed.
#include <ncursesw/curses.h>
#include <langinfo.h>
#include <locale.h>
#include <sys/ioctl.h>

// Macros and variables Swift cannot import as they are.
static inline int tb_color_pair(int n) { return COLOR_PAIR(n); }
static inline int tb_lines(void) { return LINES; }
static inline WINDOW *tb_stdscr(void) { return stdscr; }
static inline int tb_reverse(void) { return (int)A_REVERSE; }
static inline int tb_bold(void) { return (int)A_BOLD; }
static inline int tb_cols(void) { return COLS; }
static inline int tb_winsize(int fd, unsigned short *rows, unsigned short *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}
#endif
