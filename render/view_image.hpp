#pragma once
// The images the canvas keeps its ground in (the ground of the last frame, the sharp one set aside
// at a wheel notch), over memory of their own with room to spare:
// - a window's edge dragged gives the view a new size every frame; the same memory then holds the
//   view at its new size (imageInTheSameRoom), where a new image's first write faulted every page in
//   (at 3840 x 2160, 33 MB: tens of milliseconds on this machine kind, docs/export.md);
// - the sharp ground's place is made after the first frame, its pages brought in on a thread beside:
//   made when the first wheel notch came, its 8 MB of fresh pages (at 1920 x 1080) had faulted 1,081
//   times inside that frame: 15 to 22 ms of a notch that otherwise takes 3. Asking the kernel for 2 MB
//   pages instead (madvise MADV_HUGEPAGE) made the faults cheap but 4K frames slower at times, and
//   was not kept.
// Room that is never drawn on costs no memory: its pages are never brought in (Linux maps them, other
// systems zero them on first use).
#include <cairo.h>

#include <optional>

namespace sandtable {

// How an image's own pages come into memory: at their first write, or brought in by a thread beside
// (Linux: madvise MADV_POPULATE_WRITE, a step at a time, given up when the memory goes first; no
// pixel is written by it). Elsewhere, or on a kernel before 5.14, at their first write either way.
enum class PagesIn { WhenWritten, Beside };

// How an image's rows lie in its memory: each as long as the image is wide (Cairo's own layout, which
// wxMSW hands to GDI as it is), or as long as the room is wide, so that an image of another size over
// the same room finds every pixel of the old one where it was (the top left they share): a window's
// edge dragged then keeps the kept ground in place, where rows of the image's width had it copied
// whole every frame. Those rows cost a quarter more memory, the room's width, on every page written.
enum class Rows { ImagesWidth, RoomsWidth };

// An image of `width` x `height` as cairo_image_surface_create makes it (every pixel zero), over
// memory with room for an image of up to `roomWidth` x `roomHeight` (each raised to the image's own
// where smaller), its rows laid out as `rows` says. Null for a size Cairo refuses, or with no memory.
cairo_surface_t* createViewImage(cairo_format_t format, int width, int height, int roomWidth, int roomHeight,
                                 PagesIn pages = PagesIn::WhenWritten, Rows rows = Rows::ImagesWidth);

// An image of `width` x `height`, in `image`'s format, over the memory of `image` (one that
// createViewImage made), its rows laid out as that memory's first image's were, its bytes as they lie:
// with rows of the images' width, the old pixels not moved (rows of the new width run over them);
// with the room's, every pixel of the part both images cover where it was. The memory stays while
// either image does; the caller draws on one of them at a time. Null where the memory has no room
// for that size, or `image` has no memory of its own (any other image, or null).
cairo_surface_t* imageInTheSameRoom(cairo_surface_t* image, int width, int height);

// How the rows of `image` (one of createViewImage's) lie; none for any other image.
std::optional<Rows> rowsOfViewImage(cairo_surface_t* image);

// The room a view's image is made with for a side so long: a window's edge dragged out by up to a
// quarter keeps it.
int roomFor(int side);

// An image of `width` x `height` in `format` for a view that takes `old`'s place (old may be null;
// it is destroyed either way): over old's memory where that has room and its rows lie as `rows` says
// (its bytes as they lie), else over new memory with roomFor each side (old's given back first), else
// Cairo's own (or its error).
cairo_surface_t* viewImageInPlaceOf(cairo_surface_t* old, cairo_format_t format, int width, int height,
                                    PagesIn pages = PagesIn::WhenWritten, Rows rows = Rows::ImagesWidth);

} // namespace sandtable
