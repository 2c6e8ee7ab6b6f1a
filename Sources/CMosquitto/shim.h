#ifndef TOUCHBRIDGE_CMOSQUITTO_SHIM_H
#define TOUCHBRIDGE_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
/* MQTT 5's property identifiers (the bridge's Maximum Packet Size). */
#include <mqtt_protocol.h>
#endif
