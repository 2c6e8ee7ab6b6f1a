// The C libraries `list` reads through: udev's device records, the devices through libevdev.
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <libudev.h>
