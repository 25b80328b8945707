#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

// From curl/curl.h (stable since libcurl 7.x; the headers are not needed to build).
enum {
  OPT_WRITEDATA = 10001,
  OPT_URL = 10002,
  OPT_ERRORBUFFER = 10010,
  OPT_LOW_SPEED_LIMIT = 19,
  OPT_LOW_SPEED_TIME = 20,
  OPT_HTTPHEADER = 10023,
  OPT_HEADERDATA = 10029,
  OPT_NOPROGRESS = 43,
  OPT_FOLLOWLOCATION = 52,
  OPT_XFERINFODATA = 10057,
  OPT_NOSIGNAL = 99,
  OPT_ACCEPT_ENCODING = 10102,
  OPT_CONNECTTIMEOUT_MS = 156,
  OPT_PROTOCOLS = 181,
  OPT_HTTPGET = 80,
  OPT_WRITEFUNCTION = 20011,
  OPT_HEADERFUNCTION = 20079,
  OPT_XFERINFOFUNCTION = 20219,
  INFO_REDIRECT_URL = 0x100000 + 31,
  GLOBAL_ALL = 3,
  PROTO_HTTP_HTTPS = 1 | 2,
};

struct slist;

static struct {
  int (*global_init)(long);
  void *(*easy_init)(void);
  void (*easy_cleanup)(void *);
  void (*easy_reset)(void *);
  int (*easy_setopt)(void *, int, ...);
  int (*easy_perform)(void *);
  int (*easy_getinfo)(void *, int, ...);
  const char *(*easy_strerror)(int);
  struct slist *(*slist_append)(struct slist *, const char *);
  void (*slist_free_all)(struct slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_failure = "libcurl not loaded";

static void load(void) {
  static const char *const names[] = {
      "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so",
      "libcurl.4.dylib", "/usr/lib/libcurl.4.dylib",
  };
  void *library = NULL;
  for (size_t index = 0; index < sizeof names / sizeof names[0] && !library; index++) {
    library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
  }
  if (!library) {
    load_failure = "libcurl is not installed (libcurl.so.4 not found; on Debian: apt-get install "
                   "libcurl4)";
    return;
  }
#define FIND(field, symbol)                                                                    \
  *(void **)(&curl.field) = dlsym(library, symbol);                                            \
  if (!curl.field) {                                                                           \
    load_failure = "libcurl lacks " symbol;                                                    \
    return;                                                                                    \
  }
  FIND(global_init, "curl_global_init")
  FIND(easy_init, "curl_easy_init")
  FIND(easy_cleanup, "curl_easy_cleanup")
  FIND(easy_reset, "curl_easy_reset")
  FIND(easy_setopt, "curl_easy_setopt")
  FIND(easy_perform, "curl_easy_perform")
  FIND(easy_getinfo, "curl_easy_getinfo")
  FIND(easy_strerror, "curl_easy_strerror")
  FIND(slist_append, "curl_slist_append")
  FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
  if (curl.global_init(GLOBAL_ALL) != 0) {
    load_failure = "libcurl failed to start (curl_global_init)";
    return;
  }
  load_failure = NULL;
}

const char *ccurl_load(void) {
  pthread_once(&once, load);
  return load_failure;
}

void *ccurl_open(void) { return ccurl_load() ? NULL : curl.easy_init(); }

void ccurl_close(void *handle) {
  if (handle && !ccurl_load()) curl.easy_cleanup(handle);
}

static size_t on_header(char *bytes, size_t size, size_t count, void *data) {
  ccurl_calls *calls = data;
  return calls->header(calls->context, bytes, size * count);
}

static size_t on_body(char *bytes, size_t size, size_t count, void *data) {
  ccurl_calls *calls = data;
  return calls->body(calls->context, bytes, size * count);
}

static int on_progress(void *data, long long total, long long now, long long up_total,
                       long long up_now) {
  (void)total, (void)now, (void)up_total, (void)up_now;
  ccurl_calls *calls = data;
  return calls->progress(calls->context);
}

int ccurl_perform(void *handle, const ccurl_request *request, ccurl_calls *calls, char *error,
                  size_t error_size) {
  if (error_size > 0) error[0] = 0;
  if (ccurl_load() || !handle || error_size < 256) return 2; // CURLE_FAILED_INIT
  curl.easy_reset(handle);
  struct slist *headers = NULL;
  for (int index = 0; index < request->header_count; index++) {
    struct slist *longer = curl.slist_append(headers, request->headers[index]);
    if (!longer) {
      curl.slist_free_all(headers);
      return 27; // CURLE_OUT_OF_MEMORY
    }
    headers = longer;
  }
  curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
  curl.easy_setopt(handle, OPT_URL, request->url);
  curl.easy_setopt(handle, OPT_HTTPGET, 1L);
  curl.easy_setopt(handle, OPT_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
  curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
  curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
  curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
  curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
  curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
  curl.easy_setopt(handle, OPT_LOW_SPEED_LIMIT, request->low_speed_limit);
  curl.easy_setopt(handle, OPT_LOW_SPEED_TIME, request->low_speed_time);
  curl.easy_setopt(handle, OPT_HEADERFUNCTION, on_header);
  curl.easy_setopt(handle, OPT_HEADERDATA, calls);
  curl.easy_setopt(handle, OPT_WRITEFUNCTION, on_body);
  curl.easy_setopt(handle, OPT_WRITEDATA, calls);
  curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, on_progress);
  curl.easy_setopt(handle, OPT_XFERINFODATA, calls);
  curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
  int code = curl.easy_perform(handle);
  curl.easy_setopt(handle, OPT_HTTPHEADER, (void *)NULL);
  curl.easy_setopt(handle, OPT_ERRORBUFFER, (void *)NULL);
  curl.slist_free_all(headers);
  error[error_size - 1] = 0;
  return code;
}

const char *ccurl_redirect_url(void *handle) {
  char *url = NULL;
  if (!handle || ccurl_load() || curl.easy_getinfo(handle, INFO_REDIRECT_URL, &url) != 0) {
    return NULL;
  }
  return url;
}

const char *ccurl_strerror(int code) {
  return ccurl_load() ? "libcurl not loaded" : curl.easy_strerror(code);
}
