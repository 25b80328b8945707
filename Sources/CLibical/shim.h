#ifndef ICSLANES_CLIBICAL_SHIM_H
#define ICSLANES_CLIBICAL_SHIM_H
#include <libical/ical.h>
#endif
