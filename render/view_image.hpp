#pragma once
// A view-sized image made before it is drawn on, its memory brought in on a thread of its own: the
// canvas's sharp ground set aside at a wheel notch. Made when the notch came, the image's first
// 8 MB of fresh pages (at 1920 x 1080) faulted 1,081 times inside that frame: 15 to 22 ms of a
// notch that otherwise takes 3 (docs/export.md). Asking the kernel for 2 MB pages instead (madvise
// MADV_HUGEPAGE) made the faults cheap but 4K frames slower at times, and was not kept.
#include <cairo.h>

namespace sandtable {

// A new image as cairo_image_surface_create makes it (every pixel zero), whose pages a thread
// beside brings in (Linux: madvise MADV_POPULATE_WRITE, a step at a time, given up when the image
// goes first; the pixels are never written by it). Null where the system cannot do that, or for
// an image Cairo would refuse: the caller makes one when it needs it, as before.
cairo_surface_t* createImagePagedInBeside(cairo_format_t format, int width, int height);

} // namespace sandtable
