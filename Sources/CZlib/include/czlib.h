#ifndef CZLIB_H
#define CZLIB_H

#include <stddef.h>
#include <stdint.h>

/// Compresses `length` bytes at `input` into a gzip member (RFC 1952) at `output`, which holds
/// `capacity` bytes. Returns the compressed length, or 0 when it did not fit or zlib failed.
size_t czlib_gzip(const uint8_t *input, size_t length, uint8_t *output, size_t capacity);

/// The most bytes `czlib_gzip` may need for `length` bytes of input.
size_t czlib_gzip_bound(size_t length);

#endif
