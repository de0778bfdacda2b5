// The system zlib, for the tests that read the PNG screenshots Chromium writes.
#include <zlib.h>
