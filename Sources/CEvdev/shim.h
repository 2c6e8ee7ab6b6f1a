#ifndef TOUCHBRIDGE_CEVDEV_SHIM_H
#define TOUCHBRIDGE_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#endif
