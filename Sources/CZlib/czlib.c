// A gzip member of a whole buffer, in one deflate call: the server compresses answers it has
// in memory, never a stream.
#include "czlib.h"

#include <zlib.h>

size_t czlib_gzip_bound(size_t length) {
  // deflateBound for the default window and memory level, plus gzip's 18 bytes of header and
  // trailer.
  return length + (length >> 12) + (length >> 14) + (length >> 25) + 13 + 18;
}

size_t czlib_gzip(const uint8_t *input, size_t length, uint8_t *output, size_t capacity) {
  if (length > (size_t)UINT32_MAX || capacity > (size_t)UINT32_MAX) return 0;
  z_stream stream = {0};
  // 15 + 16: a gzip header and trailer around the deflate data.
  if (deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
  stream.next_in = (Bytef *)input;
  stream.avail_in = (uInt)length;
  stream.next_out = output;
  stream.avail_out = (uInt)capacity;
  int status = deflate(&stream, Z_FINISH);
  size_t written = stream.total_out;
  deflateEnd(&stream);
  return status == Z_STREAM_END ? written : 0;
}
