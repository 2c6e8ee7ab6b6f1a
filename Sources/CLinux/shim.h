#ifndef TOUCHBRIDGE_CLINUX_SHIM_H
#define TOUCHBRIDGE_CLINUX_SHIM_H
/* Linux descriptors the event loop polls that Glibc's Swift module does not export. */
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/epoll.h>
#endif
