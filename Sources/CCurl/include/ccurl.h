// libcurl's easy interface, loaded with dlopen the first time a URL is fetched: a run that reads
// only files never maps libcurl and its TLS libraries. Only what HTTPFeedStream needs, with
// fixed signatures (curl_easy_setopt is variadic, which Swift cannot call).
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>

/// What one transfer calls back, on the thread that runs ccurl_perform. Each returns what
/// libcurl expects: the count taken (anything else stops the transfer), or, for progress,
/// non-zero to stop.
typedef struct ccurl_calls {
  void *context;
  size_t (*header)(void *context, const char *bytes, size_t count);
  size_t (*body)(void *context, const char *bytes, size_t count);
  int (*progress)(void *context);
} ccurl_calls;

/// One GET request.
typedef struct ccurl_request {
  const char *url;
  /// Header lines ("Name: value"), header_count of them.
  const char *const *headers;
  int header_count;
  long connect_timeout_ms;
  /// Stop when fewer than low_speed_limit bytes a second arrive for low_speed_time seconds.
  long low_speed_limit;
  long low_speed_time;
} ccurl_request;

/// Loads libcurl once; NULL when it is loaded, else why not (static text).
const char *ccurl_load(void);

/// A new easy handle, or NULL. ccurl_load must have succeeded.
void *ccurl_open(void);

/// Frees a handle of ccurl_open.
void ccurl_close(void *handle);

/// Performs `request` without following redirects; returns libcurl's CURLcode and leaves its
/// words in `error` (error_size at least 256).
int ccurl_perform(void *handle, const ccurl_request *request, ccurl_calls *calls, char *error,
                  size_t error_size);

/// The absolute URL the last response redirects to, NULL when none; valid until the next
/// perform on the handle.
const char *ccurl_redirect_url(void *handle);

/// libcurl's words for a CURLcode.
const char *ccurl_strerror(int code);

#endif
