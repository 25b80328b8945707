#ifndef ICSLANES_BENCH_CLIBICAL_SHIM_H
#define ICSLANES_BENCH_CLIBICAL_SHIM_H

#include <libical/ical.h>

#endif
