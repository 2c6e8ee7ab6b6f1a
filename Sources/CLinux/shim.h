#ifndef TOUCHBRIDGE_CLINUX_SHIM_H
#define TOUCHBRIDGE_CLINUX_SHIM_H
/* Linux descriptors the event loop polls, and a uinput call, that Glibc's Swift module does not export. */
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>
#include <spawn.h>

/* glibc's file action that closes every descriptor from a number on (2.34), which spawn.h
   declares only under _GNU_SOURCE: a program started from the daemon gets no descriptor of
   its own beyond standard input, output and error. */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* A uinput device's phys (UI_SET_PHYS), which libevdev's uinput creation does not pass on. */
static inline int touchbridge_uinput_set_phys(int fd, const char *phys) { return ioctl(fd, UI_SET_PHYS, phys); }
#endif
