#ifndef TOUCHBRIDGE_CLOOP_SHIM_H
#define TOUCHBRIDGE_CLOOP_SHIM_H
/* The descriptors the event loop waits on, which Glibc's Swift module does not export: epoll,
   timerfd and signalfd; and how the loop's programs are started. No device's structure is here:
   those are CLinux's (uinput, DRM), which Evdev alone imports. */
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/epoll.h>
#include <spawn.h>

/* glibc's file action that closes every descriptor from a number on (2.34), which spawn.h
   declares only under _GNU_SOURCE: a program started from the daemon gets no descriptor of
   its own beyond standard input, output and error. */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
