#ifndef TOUCHBRIDGE_CCAIRO_SHIM_H
#define TOUCHBRIDGE_CCAIRO_SHIM_H
#include <cairo.h>
#endif
