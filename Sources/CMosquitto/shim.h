#ifndef TOUCHBRIDGE_CMOSQUITTO_SHIM_H
#define TOUCHBRIDGE_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#endif
