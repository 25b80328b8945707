#include "malloc_tuning.h"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

int icslanes_fix_mmap_threshold(int bytes) {
#if defined(M_MMAP_THRESHOLD)
  return mallopt(M_MMAP_THRESHOLD, bytes);
#else
  (void)bytes;
  return 0;
#endif
}
