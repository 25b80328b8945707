#ifndef ICSLANES_MALLOC_TUNING_H
#define ICSLANES_MALLOC_TUNING_H

/// Serves every block of at least `bytes` with mmap, returned to the system when freed, instead
/// of letting glibc raise that threshold after the first such block is freed. Returns 1 when set,
/// 0 where the C library has no such setting.
int icslanes_fix_mmap_threshold(int bytes);

#endif
