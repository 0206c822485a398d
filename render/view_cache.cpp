#include "view_cache.hpp"

#include "render/bilinear_stretch.hpp"
#include "render/colours.hpp"
#include "render/view_image.hpp"

#include <cairo.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <thread>
#include <tuple>

namespace sandtable {

void ViewCache::Release::operator()(cairo_surface_t* surface) const {
    cairo_surface_destroy(surface);
}

void ViewCache::invalidate(MapRect region) {
    dirty_.push_back(region);
}

MapRect ViewCache::groundChangedBy(const Layout& layout, std::span<const Offset> cells) {
    if (cells.empty()) {
        return {};
    }
    double x0 = layout.cellCenter(cells.front()).x, x1 = x0, y0 = layout.cellCenter(cells.front()).y, y1 = y0;
    for (Offset c : cells) {
        const Point p = layout.cellCenter(c);
        x0 = std::min(x0, p.x);
        x1 = std::max(x1, p.x);
        y0 = std::min(y0, p.y);
        y1 = std::max(y1, p.y);
    }
    const double reach = layout.cellSize() * 3.5; // the cell's own half and three cells beyond
    return {x0 - reach, y0 - reach, x1 - x0 + 2 * reach, y1 - y0 + 2 * reach};
}

void ViewCache::invalidateAll() {
    valid_ = false;
    keptGeneration_ = ++generations_;
    sharpGeneration_ = ++generations_;
    pending_.clear();
    stretchOwed_ = false;
    dirty_.clear();
}

namespace {

// Whether `image` is there, that wide and tall, in that format.
bool shaped(cairo_surface_t* image, int width, int height, cairo_format_t format) {
    return image != nullptr && cairo_image_surface_get_width(image) == width &&
           cairo_image_surface_get_height(image) == height && cairo_image_surface_get_format(image) == format;
}

bool whole(double v) {
    return v == std::round(v);
}

PixelRows rowsOf(cairo_surface_t* image) {
    return {cairo_image_surface_get_data(image), cairo_image_surface_get_width(image),
            cairo_image_surface_get_height(image), cairo_image_surface_get_stride(image)};
}

// Rows `top` to `top + count` of `part` (pixels of `to`) copied from `from`, which holds the view
// wrapped at `origin` (view_bands' WrappedOrigin), the part's pixels `shift` further on in it.
void copyUnwrappedRows(const PixelRows& from, WrappedOrigin origin, WrappedOrigin shift, const PixelRows& to,
                       PixelRect part, int top, int count) {
    const auto bytes = [](int pixels) { return static_cast<std::size_t>(pixels) * 4; };
    // The part's columns in `from`: from x0 to its right edge, then on from 0.
    const int x0 = ((part.x + shift.x + origin.x) % from.width + from.width) % from.width;
    const int first = std::min(part.width, from.width - x0);
    for (int y = part.y + top; y < part.y + top + count; ++y) {
        const std::uint32_t* row =
            from.row(((y + shift.y + origin.y) % from.height + from.height) % from.height);
        std::uint32_t* out = to.row(y) + part.x;
        std::memcpy(out, row + x0, bytes(first));
        std::memcpy(out + first, row, bytes(part.width - first));
    }
}

// All of `part` copied so, on every core (one core alone does not keep up with the memory).
void copyUnwrapped(const PixelRows& from, WrappedOrigin origin, WrappedOrigin shift, const PixelRows& to,
                   PixelRect part) {
    const int threads = part.width * part.height < bandsFromPixels ? 1 : std::min(workerThreads(0), 8);
    inRowBands(part.height, threads, threads,
               [&](int top, int rows) { copyUnwrappedRows(from, origin, shift, to, part, top, rows); });
}

} // namespace

bool ViewCache::canPreview(ViewPlacement view, const RenderOptions& o, Rgb background) const {
    const ViewPlacement& from = previewShown() ? sharpView_ : keptView_;
    const double stretch = view.zoom / from.zoom;
    // A preview goes on only while nothing but the zoom changed since the sharp ground was drawn:
    // an edit, other layers or another background are never shown stale.
    return valid_ && dirty_.empty() && o == keptOptions_ && background == keptBackground_ &&
           view.zoom != keptView_.zoom && stretch <= mostPreviewZoomIn && stretch >= 1 / mostPreviewZoomOut;
}

void ViewCache::keepSharpAside() {
    if (!previewShown()) {
        // The sharp ground kept aside; the preview goes where it was.
        const int width = cairo_image_surface_get_width(kept_.get());
        const int height = cairo_image_surface_get_height(kept_.get());
        const cairo_format_t format = cairo_image_surface_get_format(kept_.get());
        if (!shaped(sharp_.get(), width, height, format)) {
            sharp_.reset(imageFor(std::move(sharp_), kept_.get(), PagesIn::WhenWritten));
        }
        std::swap(sharp_, kept_);
        sharpView_ = keptView_;
        sharpOrigin_ = origin_;
        sharpGeneration_ = keptGeneration_; // the same ground, still what was stretched ahead from it
    }
    origin_ = {}; // all of it drawn anew
}

struct ViewCache::SharpStretch {
    PixelRows from, to;
    PictureOrigin wrapped;
    StretchPlacement placement;
    std::uint32_t background;
    // The same stretch made ahead, its top `aheadRows` rows done (stretchAhead): those are copied.
    PixelRows ahead = {};
    int aheadRows = 0;
    // `part` of `to` (its pixels), cut to it.
    void operator()(PixelRect part) const {
        const int copied = std::clamp(aheadRows - part.y, 0, part.height);
        for (int y = part.y; y < part.y + copied; ++y) {
            std::memcpy(to.row(y) + part.x, ahead.row(y) + part.x, static_cast<std::size_t>(part.width) * 4);
        }
        if (copied < part.height) {
            stretchBilinear(from, wrapped, placement, to,
                            {part.x, part.y + copied, part.width, part.height - copied}, background);
        }
    }
    // Copying what `ahead` (made for the same view and ground) holds.
    SharpStretch& copying(const Ahead* made) {
        if (made != nullptr) {
            cairo_surface_flush(made->image.get());
            ahead = rowsOf(made->image.get());
            aheadRows = made->rows(to.height);
        }
        return *this;
    }
};

ViewCache::SharpStretch ViewCache::stretchOnto(cairo_surface_t* from, ViewPlacement fromView,
                                               WrappedOrigin fromOrigin, cairo_surface_t* into,
                                               ViewPlacement view, Rgb background) {
    const double k = fromView.zoom / view.zoom;
    cairo_surface_flush(into);
    cairo_surface_flush(from);
    // A pixel x of the new view shows the map at (x + scroll) / zoom: in the sharp view, that times
    // its zoom, less its scroll. Beyond the sharp ground (zoomed out), the background.
    return {rowsOf(from),
            rowsOf(into),
            {fromOrigin.x, fromOrigin.y},
            {k, view.scrollX * k - fromView.scrollX, view.scrollY * k - fromView.scrollY},
            opaquePixel(background)};
}

ViewCache::SharpStretch ViewCache::sharpStretchOnto(cairo_surface_t* into, ViewPlacement view,
                                                    Rgb background) const {
    return stretchOnto(sharp_.get(), sharpView_, sharpOrigin_, into, view, background);
}

void ViewCache::drawPreview(ViewPlacement view, Rgb background, cairo_surface_t* image,
                            const std::function<void()>& beside) {
    Ahead* ahead = aheadFor(view, background);
    keepSharpAside();
    const int height = cairo_image_surface_get_height(kept_.get());
    // All of it stretched ahead: the kept ground takes it as it is.
    const bool wholeAhead = ahead != nullptr && ahead->rows(height) == height;
    if (image != nullptr || !wholeAhead) {
        stretchSharp(image != nullptr ? image : kept_.get(), view, background, {}, beside, ahead);
    } else if (beside) {
        beside();
    }
    tookAhead(ahead, height);
    stretchOwed_ = image != nullptr && !wholeAhead;
}

bool ViewCache::tookAhead(Ahead* ahead, int height) {
    if (ahead == nullptr) {
        return false;
    }
    rowsAhead_ = ahead->rows(height);
    const bool whole = rowsAhead_ == height;
    if (whole) {
        std::swap(kept_, ahead->image); // the kept ground is the stretch, as it is
    }
    ahead->ground = 0; // used: what it holds now is not the stretch
    return whole;
}

ViewCache::Ahead* ViewCache::aheadFor(ViewPlacement view, Rgb background) {
    const int width = cairo_image_surface_get_width(kept_.get()),
              height = cairo_image_surface_get_height(kept_.get());
    const cairo_format_t format = cairo_image_surface_get_format(kept_.get());
    for (Ahead& ahead : ahead_) {
        if (ahead.ground != 0 && ahead.ground == previewGround() && ahead.view == view &&
            ahead.background == background && ahead.bands > 0 &&
            shaped(ahead.image.get(), width, height, format)) {
            return &ahead;
        }
    }
    return nullptr;
}

bool ViewCache::stretchAhead(ViewPlacement view, Rgb background, const RenderOptions& o,
                             std::chrono::steady_clock::time_point until, int workers) {
    if (!canPreview(view, o, background)) {
        return true;
    }
    const int width = cairo_image_surface_get_width(kept_.get()),
              height = cairo_image_surface_get_height(kept_.get());
    const cairo_format_t format = cairo_image_surface_get_format(kept_.get());
    const std::uint64_t ground = previewGround();
    Ahead* ahead = aheadFor(view, background);
    if (ahead == nullptr) {
        // One that stretches another ground, else the one asked for least recently.
        ahead = &*std::ranges::min_element(
            ahead_, {}, [&](const Ahead& a) { return std::pair(a.ground == ground, a.asked); });
        if (!shaped(ahead->image.get(), width, height, format)) {
            // With room, as the kept ground's: a view ahead stretched again at a new size takes the
            // last one's memory (fresh memory faulted its pages in again: at 3840 x 2160, 12,000 fewer
            // faults up to a drag's first frame in resizeTheCanvas).
            ahead->image.reset(imageFor(std::move(ahead->image), kept_.get(), PagesIn::WhenWritten));
        }
        ahead->ground = 0;
        if (cairo_surface_status(ahead->image.get()) != CAIRO_STATUS_SUCCESS) {
            ahead->image.reset(); // no room for it: the notch will stretch
            return true;
        }
        ahead->view = view;
        ahead->background = background;
        ahead->bands = 0;
        ahead->ground = ground;
    }
    ahead->asked = ++asks_;
    if (ahead->bands == aheadBands) {
        return true;
    }
    const SharpStretch stretch =
        previewShown() ? sharpStretchOnto(ahead->image.get(), view, background)
                       : stretchOnto(kept_.get(), keptView_, origin_, ahead->image.get(), view, background);
    // Band after band on every core while the time lasts (the first taken always). A band a thread
    // took when the time was out is left, and with it every band after it: what is done is the top.
    const auto topOf = [&](int band) { return height * band / aheadBands; };
    const int first = ahead->bands;
    std::atomic<int> next{first}, left{aheadBands};
    onThreads(std::min(workerThreads(workers), 8), [&] {
        for (int b = next++; b < aheadBands; b = next++) {
            if (b > first && std::chrono::steady_clock::now() >= until) {
                for (int seen = left.load(); b < seen && !left.compare_exchange_weak(seen, b);) {
                }
                return;
            }
            stretch({0, topOf(b), width, topOf(b + 1) - topOf(b)});
        }
    });
    cairo_surface_mark_dirty(ahead->image.get());
    ahead->bands = left;
    return ahead->bands == aheadBands;
}

std::shared_ptr<const MapPainter::Scene>
ViewCache::stretchAndMarkInBands(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view,
                                 Rgb background, const RenderOptions& o,
                                 std::shared_ptr<const MapPainter::Scene> arranged,
                                 const std::function<void(PixelRect)>& bandDone) {
    Ahead* ahead = aheadFor(view, background);
    keepSharpAside();
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    // The rows stretched ahead are copied, the rest stretched here.
    SharpStretch stretch = sharpStretchOnto(image, view, background);
    stretch.copying(ahead);
    const int threads = std::min(workerThreads(0), 8);
    const int bands = std::max(1, std::min(threads * 4, height));
    const auto band = [&](int b) {
        const int top = height * b / bands;
        return PixelRect{0, top, width, height * (b + 1) / bands - top};
    };
    // The tasks in the order taken: the arrangement first (one thread while the others stretch),
    // then each band's marks one band after its stretch, so that the first bands are whole, and
    // shown, while the last are stretched.
    enum class Task { Arrange, Stretch, Mark };
    std::vector<std::pair<Task, int>> tasks;
    const bool toArrange = arranged == nullptr && !painter.drawsOverview(view.zoom);
    if (toArrange) {
        tasks.emplace_back(Task::Arrange, 0);
    }
    for (int b = 0; b < bands; ++b) {
        tasks.emplace_back(Task::Stretch, b);
        if (b > 0) {
            tasks.emplace_back(Task::Mark, b - 1);
        }
    }
    tasks.emplace_back(Task::Mark, bands - 1);
    std::atomic<std::size_t> next{0};
    std::vector<std::atomic<bool>> stretched(static_cast<std::size_t>(bands)),
        marked(static_cast<std::size_t>(bands));
    std::atomic<bool> arrangedReady{!toArrange}, failed{false};
    // Every task done, or failed, moves this on and wakes whoever waits for one.
    std::atomic<int> progress{0};
    const auto moveOn = [&] {
        ++progress;
        progress.notify_all();
    };
    const auto waitFor = [&](const auto& ready) {
        for (int seen = progress.load(); !ready() && !failed; seen = progress.load()) {
            progress.wait(seen);
            if (ready() || failed) {
                break;
            }
        }
    };
    std::vector<bool> handed(static_cast<std::size_t>(bands), false);
    const auto handOver = [&] {
        for (int b = 0; b < bands; ++b) {
            if (!handed[static_cast<std::size_t>(b)] && marked[static_cast<std::size_t>(b)]) {
                handed[static_cast<std::size_t>(b)] = true;
                cairo_surface_mark_dirty_rectangle(image, 0, band(b).y, width, band(b).height);
                bandDone(band(b));
            }
        }
    };
    const std::thread::id caller = std::this_thread::get_id();
    const auto work = [&] {
        try {
            for (std::size_t t = next++; t < tasks.size() && !failed; t = next++) {
                const auto [task, b] = tasks[t];
                const auto at = static_cast<std::size_t>(b);
                if (task == Task::Arrange) {
                    arranged = arrangeView(painter, width, height, view, o);
                    arrangedReady = true;
                } else if (task == Task::Stretch) {
                    stretch(band(b));
                    stretched[at] = true;
                } else {
                    waitFor([&] { return arrangedReady && stretched[at]; });
                    if (failed) {
                        break;
                    }
                    drawViewRows(painter, image, band(b), view, background, o, MapLayers::Marks,
                                 arranged.get(), Edges::Fast);
                    marked[at] = true;
                }
                moveOn();
                if (std::this_thread::get_id() == caller) {
                    handOver();
                }
            }
            if (std::this_thread::get_id() == caller) {
                // The bands the other threads still draw, each shown as it is done.
                for (int b = 0; b < bands && !failed; ++b) {
                    waitFor([&] { return marked[static_cast<std::size_t>(b)].load(); });
                    handOver();
                }
            }
        } catch (...) {
            failed = true;
            moveOn();
            throw;
        }
    };
    try {
        onThreads(threads, work);
    } catch (...) {
        // The sharp ground was moved aside and the kept one half stretched: nothing kept holds a
        // frame now, and the next draws all of it.
        invalidateAll();
        throw;
    }
    cairo_surface_mark_dirty(image);
    // The kept ground gets the stretch when a later frame copies it, or now what was stretched ahead.
    stretchOwed_ = !tookAhead(ahead, height);
    return arranged;
}

void ViewCache::payOwedStretch() {
    if (stretchOwed_ && !pending_.empty()) {
        // Only the tiles not drawn sharp since; the kept ground is not wrapped yet (no pan since).
        stretchSharp(kept_.get(), keptView_, keptBackground_, pending_, {});
    }
    stretchOwed_ = false;
}

void ViewCache::stretchSharp(cairo_surface_t* into, ViewPlacement view, Rgb background,
                             std::span<const PixelRect> only, const std::function<void()>& beside,
                             const Ahead* ahead) const {
    const int width = cairo_image_surface_get_width(into), height = cairo_image_surface_get_height(into);
    SharpStretch stretch = sharpStretchOnto(into, view, background);
    stretch.copying(ahead);
    // Rows apart on every core: a bilinear stretch of a 4K frame is several milliseconds on one.
    const auto stretchRows = [&](int top, int rows) {
        const auto stretchPart = [&](PixelRect part) {
            const int y0 = std::max(part.y, top), y1 = std::min(part.bottom(), top + rows);
            if (y1 > y0) {
                stretch({part.x, y0, part.width, y1 - y0});
            }
        };
        if (only.empty()) {
            stretchPart({0, 0, width, height});
        }
        for (const PixelRect& part : only) {
            stretchPart(part);
        }
    };
    const int threads = std::min(workerThreads(0), 8);
    // More bands than threads: the thread that does the work beside it then takes its share.
    const int bands = threads * 4;
    inRowBands(height, bands, threads, stretchRows, beside);
    cairo_surface_mark_dirty(into);
}

std::chrono::microseconds ViewCache::frameTargetFor(int width, int height) {
    // 8 ms times the square root of the share of 1920 x 1080's pixels: 16 ms at four times them.
    const double pixels = static_cast<double>(width) * height / (1920.0 * 1080.0);
    return std::chrono::microseconds(std::lround(std::clamp(8 * std::sqrt(pixels), 8.0, 16.0) * 1000));
}

std::chrono::microseconds ViewCache::frameBudgetFor(int width, int height) {
    // A frame aims at 55 % of its target: the rest is for putting it on the screen
    // (a 4K frame's tiles take an X server without a GPU about 2 ms), a tile begun just within it,
    // and what the system does meanwhile. At 80 % the frames that sharpen a 4K view took 14 to 15
    // ms, their worst over 16; at 65 %, 12 to 13, their worst 15 to 19 (sandtable-bench-window
    // zoomTheCanvas); at 55 % 10 to 11, as many frames a notch as before (their tiles are put
    // faster), the worst 11 to 15.
    return std::chrono::microseconds(
        std::lround(static_cast<double>(frameTargetFor(width, height).count()) * 0.55));
}

namespace {

// The view cut into tiles, the one nearest its middle first (what the eye looks at while the rest
// sharpens).
std::vector<PixelRect> tilesFromTheMiddle(int width, int height) {
    std::vector<PixelRect> tiles;
    const int side = ViewCache::tileSide;
    for (int y = 0; y < height; y += side) {
        for (int x = 0; x < width; x += side) {
            tiles.push_back({x, y, std::min(side, width - x), std::min(side, height - y)});
        }
    }
    const auto away = [&](const PixelRect& t) {
        const double dx = t.x + t.width / 2.0 - width / 2.0, dy = t.y + t.height / 2.0 - height / 2.0;
        return dx * dx + dy * dy;
    };
    std::stable_sort(tiles.begin(), tiles.end(),
                     [&](const PixelRect& a, const PixelRect& b) { return away(a) < away(b); });
    return tiles;
}

// Tiles side by side in a row as one part: the marks over them are gone through once a row, not
// once a tile.
std::vector<PixelRect> joinedAlongRows(std::span<const PixelRect> tiles) {
    std::vector<PixelRect> sorted(tiles.begin(), tiles.end());
    std::ranges::sort(sorted, [](const PixelRect& a, const PixelRect& b) {
        return std::tie(a.y, a.x) < std::tie(b.y, b.x);
    });
    std::vector<PixelRect> rows;
    for (const PixelRect& t : sorted) {
        if (!rows.empty() && rows.back().y == t.y && rows.back().height == t.height &&
            rows.back().x + rows.back().width == t.x) {
            rows.back().width += t.width;
        } else {
            rows.push_back(t);
        }
    }
    return rows;
}

// `from` less every one of `holes`: rectangles apart that cover what is left.
std::vector<PixelRect> without(PixelRect from, std::span<const PixelRect> holes) {
    std::vector<PixelRect> left{from}, next;
    for (const PixelRect& hole : holes) {
        next.clear();
        for (const PixelRect& r : left) {
            const PixelRect h = overlapOf(r, hole);
            if (h.width == 0) {
                next.push_back(r);
                continue;
            }
            if (r.y < h.y) {
                next.push_back({r.x, r.y, r.width, h.y - r.y}); // above it
            }
            if (h.bottom() < r.bottom()) {
                next.push_back({r.x, h.bottom(), r.width, r.bottom() - h.bottom()}); // below
            }
            if (r.x < h.x) {
                next.push_back({r.x, h.y, h.x - r.x, h.height}); // beside it, left
            }
            if (h.right() < r.right()) {
                next.push_back({h.right(), h.y, r.right() - h.right(), h.height}); // and right
            }
        }
        std::swap(left, next);
    }
    return left;
}

} // namespace

void ViewCache::sharpen(const MapPainter& painter, ViewPlacement view, Rgb background, const RenderOptions& o,
                        int workers, std::chrono::steady_clock::time_point started, bool tilesAlone) {
    using Clock = std::chrono::steady_clock;
    const auto budget = budget_.value_or(std::chrono::microseconds::max());
    const auto expected = tileCost_;
    // The copy and the marks after the ground: a whole frame's, or the tiles' own (as the last frame
    // that put tiles alone took them; before any, their share of a whole frame's).
    const double tileShare = static_cast<double>(tileSide) * tileSide /
                             (static_cast<double>(cairo_image_surface_get_width(kept_.get())) *
                              cairo_image_surface_get_height(kept_.get()));
    const auto perTile =
        afterTileCost_ > std::chrono::microseconds(0)
            ? afterTileCost_
            : std::chrono::duration_cast<std::chrono::microseconds>(afterGroundCost_ * tileShare);
    const auto after = [&](std::size_t tiles) {
        return tilesAlone ? std::chrono::microseconds(perTile.count() * static_cast<long>(tiles))
                          : afterGroundCost_;
    };
    // Another tile while it is expected to end within the budget.
    const auto more = [&](std::size_t taken) {
        return Clock::now() - started + expected + after(taken + 1) <= budget;
    };
    const auto before = Clock::now();
    const std::size_t done =
        drawViewTiles(painter, kept_.get(), pending_, view, background, o, workers, more, origin_);
    if (done == 0) {
        return;
    }
    const auto spent = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - before);
    const int threads = std::clamp(workerThreads(workers), 1, static_cast<int>(done));
    tileCost_ = spent * threads / static_cast<long long>(done);
    for (std::size_t i = 0; i < done; ++i) {
        drawn_ += static_cast<long long>(pending_[i].width) * pending_[i].height;
    }
    sharpened_.assign(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(done));
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(done));
}

void ViewCache::copyGroundRows(cairo_surface_t* image, PixelRect part, int top, int count) const {
    copyUnwrappedRows(rowsOf(kept_.get()), origin_, {}, rowsOf(image), part, top, count);
}

cairo_surface_t* ViewCache::imageFor(std::unique_ptr<cairo_surface_t, Release> old, cairo_surface_t* like,
                                     PagesIn pages) {
    return viewImageInPlaceOf(old.release(), cairo_image_surface_get_format(like),
                              cairo_image_surface_get_width(like), cairo_image_surface_get_height(like),
                              pages, Rows::RoomsWidth);
}

bool ViewCache::keepThroughResize(ViewPlacement view, cairo_surface_t* image,
                                  std::vector<PixelRect>& uncovered) {
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    const cairo_format_t format = cairo_image_surface_get_format(image);
    if (kept_ == nullptr || !valid_ || previewShown() || stretchOwed_ || view.zoom != keptView_.zoom ||
        cairo_image_surface_get_format(kept_.get()) != format ||
        cairo_surface_status(kept_.get()) != CAIRO_STATUS_SUCCESS) {
        return false;
    }
    const double dx = view.scrollX - keptView_.scrollX, dy = view.scrollY - keptView_.scrollY;
    const int oldWidth = cairo_image_surface_get_width(kept_.get());
    const int oldHeight = cairo_image_surface_get_height(kept_.get());
    if (!whole(dx) || !whole(dy) || std::abs(dx) >= oldWidth || std::abs(dy) >= oldHeight) {
        return false;
    }
    const WrappedOrigin shift{static_cast<int>(dx), static_cast<int>(dy)};
    // Where the last frame's ground lies in the new view.
    const PixelRect still = cutTo({-shift.x, -shift.y, oldWidth, oldHeight}, width, height);
    if (still.width <= 0 || still.height <= 0) {
        return false;
    }
    const PixelRect all{0, 0, width, height};
    // Unwrapped and not moved (every frame of a drag but the first after a pan), the ground lies
    // where the new view shows it already: its rows the room's, the same memory at the new size
    // holds it (at 3840 x 2160 a copy of 33 MB less a frame).
    if (shift.x == 0 && shift.y == 0 && origin_.x == 0 && origin_.y == 0 &&
        rowsOfViewImage(kept_.get()) == Rows::RoomsWidth) {
        if (cairo_surface_t* same = imageInTheSameRoom(kept_.get(), width, height)) {
            cairo_surface_flush(kept_.get());
            kept_.reset(same);
            uncovered = without(all, std::span(&still, 1));
            return true;
        }
    }
    // The new ground goes in the sharp ground's place, free while no preview shows (the last frame's
    // then takes its place): at every frame of a drag the two trade places and no memory is made.
    std::unique_ptr<cairo_surface_t, Release> into(imageFor(std::move(sharp_), image, PagesIn::WhenWritten));
    if (cairo_surface_status(into.get()) != CAIRO_STATUS_SUCCESS) {
        return false;
    }
    cairo_surface_flush(kept_.get());
    copyUnwrapped(rowsOf(kept_.get()), origin_, shift, rowsOf(into.get()), still);
    copied_ += static_cast<long long>(still.width) * still.height;
    cairo_surface_mark_dirty(into.get());
    sharp_ = std::move(kept_);
    kept_ = std::move(into);
    origin_ = {};
    keptView_.scrollX = view.scrollX;
    keptView_.scrollY = view.scrollY;
    uncovered = without(all, std::span(&still, 1));
    return true;
}

void ViewCache::copyGround(cairo_surface_t* image, PixelRect part) {
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    part = cutTo(part, width, height);
    if (part.width <= 0 || part.height <= 0) {
        return;
    }
    copied_ += static_cast<long long>(part.width) * part.height;
    cairo_surface_flush(kept_.get());
    cairo_surface_flush(image);
    // Unwrapped, row by row, whatever each image's rows' length.
    copyUnwrapped(rowsOf(kept_.get()), origin_, {}, rowsOf(image), part);
    cairo_surface_mark_dirty(image);
}

void ViewCache::putTilesAlone(const MapPainter& painter, cairo_surface_t* image,
                              std::span<const PixelRect> rows, ViewPlacement view, Rgb background,
                              const RenderOptions& o, int workers) {
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    // Pieces of a few tiles, the largest first: the threads end together.
    std::vector<PixelRect> pieces;
    for (const PixelRect& row : rows) {
        const PixelRect r = cutTo(row, width, height);
        for (int x = r.x; x < r.right(); x += piecesWidth) {
            pieces.push_back({x, r.y, std::min(piecesWidth, r.right() - x), r.height});
        }
    }
    if (pieces.empty()) {
        return;
    }
    std::ranges::stable_sort(pieces, std::greater<>(),
                             [](const PixelRect& p) { return static_cast<long long>(p.width) * p.height; });
    for (const PixelRect& piece : pieces) {
        copied_ += static_cast<long long>(piece.width) * piece.height;
    }
    cairo_surface_flush(kept_.get());
    cairo_surface_flush(image);
    std::atomic<std::size_t> next{0};
    onThreads(std::clamp(workerThreads(workers), 1, static_cast<int>(pieces.size())), [&] {
        for (std::size_t i = next++; i < pieces.size(); i = next++) {
            copyGroundRows(image, pieces[i], 0, pieces[i].height);
            drawViewRows(painter, image, pieces[i], view, background, o, MapLayers::Marks, arranged_.get());
        }
    });
    cairo_surface_mark_dirty(image);
}

void ViewCache::draw(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
                     const RenderOptions& o, int workers, AtNewZoom atNewZoom, FrameParts wanted) {
    const auto started = std::chrono::steady_clock::now();
    // Whatever the frame draws on the kept ground, it holds another ground after it (even when the
    // frame fails part way): what was stretched ahead from this one no longer stretches it.
    struct NewGeneration {
        ViewCache& cache;
        ~NewGeneration() { cache.keptGeneration_ = ++cache.generations_; }
    } newGeneration{*this};
    rowsAhead_ = 0;
    copied_ = 0;
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    const cairo_format_t format = cairo_image_surface_get_format(image);
    if (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32) {
        // The kept ground is copied and stretched 32 bits a pixel (render/bilinear_stretch): an image
        // of other pixels (a display of 16 bits) is drawn whole, every frame.
        invalidateAll();
        drawView(painter, image, view, background, o, workers);
        drawn_ = static_cast<long long>(width) * height;
        // Every pixel changed: no tiles alone to put, whatever the frame before sharpened.
        sharpened_.clear();
        onlySharpened_ = false;
        arranged_.reset();
        return;
    }
    // A view of a new size (the window's edge dragged) keeps what it still shows of the last frame's
    // ground, and draws what came into view; at 3840 x 2160 drawing it all took 110 to 190 ms a frame.
    std::vector<PixelRect> uncovered;
    if (!shaped(kept_.get(), width, height, format) && !keepThroughResize(view, image, uncovered)) {
        kept_.reset(imageFor(std::move(kept_), image, PagesIn::WhenWritten));
        valid_ = false;
        pending_.clear();
        stretchOwed_ = false;
    }
    // At a new zoom, the last sharp ground stretched: while the wheel turns (a preview, drawn sharp
    // when asked), or, with a budget, as the start of a sharp frame drawn over several.
    const bool stretched = (atNewZoom == AtNewZoom::Preview || budget_) && canPreview(view, o, background);
    // The wheel's frame of a whole view stretches straight onto the image: the kept ground gets the
    // stretch only if a later frame copies it (ViewCache::payOwedStretch). At 4K a copy of 33 MB
    // less in the frame of each notch, and most frames after it put the tiles they sharpen alone.
    const bool straightOnTheImage = stretched && atNewZoom == AtNewZoom::Preview && wanted.only.empty();
    // A stretched frame arranges its marks anew: on one thread while the others stretch (at 4K the
    // stretch waits on memory, the arrangement on the processor).
    std::shared_ptr<const MapPainter::Scene> arrangedBeside;
    bool bandsHanded = false; // ground and marks drawn, each band handed over
    const auto arrangeBeside = [&] { arrangedBeside = arrangeView(painter, width, height, view, o); };
    if (stretched) {
        const bool toArrange = wanted.arranged == nullptr && !painter.drawsOverview(view.zoom);
        if (straightOnTheImage && wanted.bandDone) {
            arrangedBeside =
                stretchAndMarkInBands(painter, image, view, background, o, wanted.arranged, wanted.bandDone);
            bandsHanded = true;
        } else {
            drawPreview(view, background, straightOnTheImage ? image : nullptr,
                        toArrange ? std::function<void()>(arrangeBeside) : std::function<void()>());
        }
        pending_ = tilesFromTheMiddle(width, height);
    }
    const double dx = view.scrollX - keptView_.scrollX, dy = view.scrollY - keptView_.scrollY;
    // A sharp frame asked for while a preview shows draws it all, unless a budget spreads it over
    // frames. An edit while it does draws it all: what is kept to stretch no longer shows the map.
    const bool stale = previewShown() && atNewZoom == AtNewZoom::Sharp && (!budget_ || !dirty_.empty());
    const bool all = !valid_ || stale || view.zoom != keptView_.zoom || !(o == keptOptions_) ||
                     background != keptBackground_ || !whole(dx) || !whole(dy) || std::abs(dx) >= width ||
                     std::abs(dy) >= height || cairo_surface_status(kept_.get()) != CAIRO_STATUS_SUCCESS;
    // What the kept ground owes is paid before anything is drawn on it or it moves (a pan), unless
    // the frame may put the tiles it sharpens alone (paid below if it does not).
    const bool mayPutTilesAlone = wanted.tilesAlone && view == keptView_ && dirty_.empty();
    if (!stretched && !all && !mayPutTilesAlone) {
        payOwedStretch();
    }
    std::vector<PixelRect> regions;
    if (stretched) {
        // Nothing drawn whole: the marks go over the stretched ground.
    } else if (all) {
        regions.push_back({0, 0, width, height});
        origin_ = {};
        pending_.clear();
        stretchOwed_ = false;
    } else {
        const int sx = static_cast<int>(dx), sy = static_cast<int>(dy);
        if (sx != 0 || sy != 0) {
            // What was at view pixel x + sx is now at x: the view starts sx further on in the image.
            origin_ = {((origin_.x + sx) % width + width) % width,
                       ((origin_.y + sy) % height + height) % height};
            // The strips the view did not show before.
            if (sx != 0) {
                regions.push_back({sx > 0 ? width - sx : 0, 0, std::abs(sx), height});
            }
            if (sy != 0) {
                regions.push_back({0, sy > 0 ? height - sy : 0, width, std::abs(sy)});
            }
            // The tiles still to sharpen moved with the ground, and those now out of view went.
            std::vector<PixelRect> moved;
            for (const PixelRect& t : pending_) {
                const int x0 = std::max(t.x - sx, 0), y0 = std::max(t.y - sy, 0);
                const int x1 = std::min(t.x - sx + t.width, width),
                          y1 = std::min(t.y - sy + t.height, height);
                if (x1 > x0 && y1 > y0) {
                    moved.push_back({x0, y0, x1 - x0, y1 - y0});
                }
            }
            pending_ = std::move(moved);
        }
        regions.insert(regions.end(), uncovered.begin(), uncovered.end());
        for (const MapRect& r : dirty_) {
            // The changed part in the view's pixels.
            if (const PixelRect changed = cutTo(pixelsCovering(r, view), width, height);
                changed.width > 0 && changed.height > 0) {
                regions.push_back(changed);
            }
        }
    }
    drawn_ = 0;
    sharpened_.clear();
    for (const PixelRect& r : regions) {
        for (const WrappedPart& part : wrappedParts(r, width, height, origin_, view)) {
            drawViewRegion(painter, kept_.get(), part.inImage, part.view, background, o, MapLayers::Ground,
                           workers);
            drawn_ += static_cast<long long>(part.inImage.width) * part.inImage.height;
        }
    }
    // A frame that draws no ground but tiles, on an image that holds the last frame, may put them
    // alone.
    const bool onlyTiles = !stretched && regions.empty() && wanted.only.empty() && view == keptView_;
    // A frame whose stretch took its budget draws no tile: the frames after it, which stretch
    // nothing, draw one at least.
    if (atNewZoom == AtNewZoom::Sharp && !pending_.empty() &&
        !(stretched && std::chrono::steady_clock::now() - started + afterGroundCost_ >=
                           budget_.value_or(std::chrono::microseconds::max()))) {
        sharpen(painter, view, background, o, workers, started, onlyTiles && wanted.tilesAlone);
    }
    // The same view, no ground drawn but tiles: with the same marks, the rest of the image comes
    // out as the last frame's.
    onlySharpened_ = onlyTiles;
    keptView_ = view;
    keptOptions_ = o;
    keptBackground_ = background;
    valid_ = cairo_surface_status(kept_.get()) == CAIRO_STATUS_SUCCESS;
    dirty_.clear();
    const bool tilesAlone = wanted.tilesAlone && !onlyTilesSharpened().empty();
    if (!tilesAlone && !straightOnTheImage) {
        payOwedStretch(); // a frame that might have put its tiles alone and did not
    }
    // The ground copied under the marks, which are drawn anew, in the parts of the frame wanted.
    const auto groundDone = std::chrono::steady_clock::now();
    const PixelRect whole{0, 0, width, height};
    const std::vector<PixelRect> tileRows =
        tilesAlone ? joinedAlongRows(sharpened_) : std::vector<PixelRect>{};
    const std::span<const PixelRect> parts = tilesAlone            ? std::span(tileRows)
                                             : wanted.only.empty() ? std::span(&whole, 1)
                                                                   : wanted.only;
    // One arrangement for every part: a word across two parts is placed once. Tiles alone keep the
    // last frame's, which the rest of the image shows.
    if (bandsHanded) {
        arranged_ = std::move(arrangedBeside);
    } else if (!tilesAlone || wanted.arranged != nullptr) {
        arranged_ = wanted.arranged != nullptr ? std::move(wanted.arranged) : std::move(arrangedBeside);
    }
    if (arranged_ == nullptr && !painter.drawsOverview(view.zoom)) {
        arranged_ = arrangeView(painter, image, view, o);
    }
    // Part by part, the ground then the marks: where parts overlap, the later one's ground covers
    // the earlier one's marks before they are drawn again (twice over, their antialiased edges and
    // halos would darken).
    // The marks over ground still stretched (the tiles still to sharpen) with fast edges, finely over
    // the rest (view_bands' Edges). A frame that puts the tiles it sharpens alone leaves the rest's
    // marks as the last frame drew them; one drawn whole draws them as it would.
    if (tilesAlone) {
        putTilesAlone(painter, image, parts, view, background, o, workers);
    }
    for (const PixelRect& part : bandsHanded || tilesAlone ? std::span<const PixelRect>() : parts) {
        if (straightOnTheImage) {
            // Every tile still to sharpen: all of the frame is stretched, its ground on the image.
            drawViewRegion(painter, image, part, view, background, o, MapLayers::Marks, workers,
                           arranged_.get(), Edges::Fast);
            continue;
        }
        copyGround(image, part);
        std::vector<PixelRect> stillStretched;
        for (const PixelRect& tile : pending_) {
            if (const PixelRect in = overlapOf(tile, part); in.width > 0) {
                stillStretched.push_back(in);
            }
        }
        if (stillStretched.empty()) {
            drawViewRegion(painter, image, part, view, background, o, MapLayers::Marks, workers,
                           arranged_.get());
            continue;
        }
        // Row by row, not tile by tile: the marks are gone through once a part.
        for (const PixelRect& sharp : joinedAlongRows(without(part, stillStretched))) {
            drawViewRegion(painter, image, sharp, view, background, o, MapLayers::Marks, workers,
                           arranged_.get());
        }
        for (const PixelRect& stretchedRows : joinedAlongRows(stillStretched)) {
            drawViewRegion(painter, image, stretchedRows, view, background, o, MapLayers::Marks, workers,
                           arranged_.get(), Edges::Fast);
        }
    }
    const auto afterGround =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - groundDone);
    if (!shaped(sharp_.get(), width, height, format)) {
        // The place the first wheel notch sets the sharp ground aside in, its pages brought in
        // after this frame and before the notch comes (render/view_image.hpp); after a resize, the
        // last frame's ground's memory.
        sharp_.reset(imageFor(std::move(sharp_), image, PagesIn::Beside));
    }
    if (tilesAlone) {
        afterTileCost_ = afterGround / static_cast<long long>(sharpened_.size());
    } else if (wanted.only.empty() && !straightOnTheImage) {
        // What a whole frame's copy and marks take: a frame in parts says little of the next zoom's
        // (nor one that copied nothing).
        afterGroundCost_ = afterGround;
    }
}

} // namespace sandtable
