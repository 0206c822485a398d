#include "text.hpp"

#include "colours.hpp"

#include <pango/pangocairo.h>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#ifdef _WIN32
#include "model/file_names.hpp"

#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#endif

namespace sandtable {

#ifdef _WIN32
namespace {

// A path as XML text for fontconfig's configuration (GLib's escaping, which Pango brings).
std::string xmlEscaped(const std::filesystem::path& path) {
    const std::string text = utf8(path);
    gchar* escaped = g_markup_escape_text(text.c_str(), static_cast<gssize>(text.size()));
    std::string out(escaped);
    g_free(escaped);
    return out;
}

} // namespace

namespace {
FcConfig* bundledFonts = nullptr; // the shipped fonts' configuration, once made (kept for the program)
} // namespace

bool useBundledFonts(const std::filesystem::path& folder, const std::filesystem::path& cache) {
    if (folder.empty()) {
        return false;
    }
    // A configuration of its own holding just the shipped fonts: no fonts.conf to look for, no
    // scan of the system's fonts at start, and the fonts' cache in the user's own folder (without
    // one fontconfig complains on stderr, which the command line's output must not carry).
    FcConfig* config = FcConfigCreate();
    if (config == nullptr) {
        return false;
    }
    const std::string xml = "<?xml version=\"1.0\"?><fontconfig><dir>" + xmlEscaped(folder) +
                            "</dir><cachedir>" + xmlEscaped(cache) + "</cachedir></fontconfig>";
    if (FcConfigParseAndLoadFromMemory(config, reinterpret_cast<const FcChar8*>(xml.c_str()), FcFalse) ==
            FcFalse ||
        FcConfigBuildFonts(config) == FcFalse || FcConfigSetCurrent(config) == FcFalse) {
        FcConfigDestroy(config);
        return false;
    }
    bundledFonts = config;
    return useBundledFontsOnThisThread();
}

bool useBundledFontsOnThisThread() {
    // PangoCairo's default font map is the thread's own (that is how it is safe on several threads):
    // a thread drawing a band of a picture needs one of its own on the same configuration, or it
    // gets the system's (on Windows, GDI's) and finds no DejaVu.
    thread_local bool done = false;
    if (bundledFonts == nullptr || done) {
        return bundledFonts != nullptr;
    }
    PangoFontMap* map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (map == nullptr) {
        return false;
    }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), bundledFonts);
    pango_cairo_font_map_set_default(PANGO_CAIRO_FONT_MAP(map));
    g_object_unref(map);
    done = true;
    return true;
}
#else
bool useBundledFonts(const std::filesystem::path& /*folder*/, const std::filesystem::path& /*cache*/) {
    return false; // fontconfig finds the system's DejaVu
}

bool useBundledFontsOnThisThread() {
    return false; // every thread's default font map is fontconfig's, with the system's DejaVu
}
#endif

namespace {

// The plain DejaVu Sans face for digits, found as Pango finds it: a new reference.
cairo_font_face_t* makeDigitFace() {
#ifdef _WIN32
    // Cairo's toy faces are Windows' fonts there; ask fontconfig, as on Linux.
    FcPattern* pattern = FcPatternCreate();
    FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>("DejaVu Sans"));
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
    FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_MEDIUM);
    FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern* match = FcFontMatch(nullptr, pattern, &result);
    FcPatternDestroy(pattern);
    if (match != nullptr) {
        cairo_font_face_t* face = cairo_ft_font_face_create_for_pattern(match);
        FcPatternDestroy(match);
        return face;
    }
#endif
    return cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
}

// Cairo 1.16 (Debian 12's) lets go of a scaled font's last reference before it takes the lock under
// which cairo_scaled_font_create, on another thread, finds that font and takes it up again: a font
// made on one thread as it goes on another ends the program in an assertion (cairo_scaled_font_destroy:
// `! scaled_font->cache_frozen`; mended upstream in 2020, cairo a67735010dd7). The cell numbers, set
// in bands on every core, made and let go of the same fonts on every thread at once, and hit it
// (in the window benchmark, and in DigitWriter.NumbersAreSetOnEveryThreadAtOnce). So the numbers' face is
// made once, and each scaled font they are set in (each size, and each size at each scale it was
// drawn at) is held here besides by whoever uses it, the most recently used ones kept: none in use
// goes while another thread makes it.
class HeldDigitFonts {
  public:
    static HeldDigitFonts& shared() {
        static HeldDigitFonts fonts; // goes at the program's end, when nothing draws
        return fonts;
    }
    // The numbers' face (the caller does not destroy it).
    cairo_font_face_t* face() const { return face_; }
    // Holds `font` (a reference of its own) until more recent ones push it out.
    void hold(cairo_scaled_font_t* font) {
        const std::lock_guard lock(mutex_);
        if (const auto at = std::ranges::find(held_, font); at != held_.end()) {
            std::rotate(at, at + 1, held_.end()); // the most recent last
            return;
        }
        held_.push_back(cairo_scaled_font_reference(font));
        if (held_.size() > mostHeld) {
            cairo_scaled_font_destroy(held_.front());
            held_.erase(held_.begin());
        }
    }

  private:
    HeldDigitFonts() : face_(makeDigitFace()) {}
    ~HeldDigitFonts() {
        for (cairo_scaled_font_t* font : held_) {
            cairo_scaled_font_destroy(font);
        }
        cairo_font_face_destroy(face_);
    }
    // Sizes times the scales of the zooms last drawn at: the few a frame uses, many frames over.
    static constexpr std::size_t mostHeld = 64;
    std::mutex mutex_;
    cairo_font_face_t* face_;
    std::vector<cairo_scaled_font_t*> held_; // the least recently used first
};

// Cairo 1.16 keeps the glyphs of every scaled font in one cache for the process, and once it is full
// (words at many sizes, scales and turns: the contours' figures alone are set at every angle) a thread
// that lets go of its font's glyphs takes the cache's lock and then, to drop another font's page, that
// font's; another thread, setting text in that font, holds the font's and waits for the cache's: both
// wait for ever (TextWriter.WordsAreSetOnEveryThreadAtOnce hung in 6 runs of 32; mended upstream
// in 1.17, which only tries the font's lock). So words and numbers are set, measured, made and let go of
// one thread at a time: they are a small part of the marks drawn on every core.
std::mutex& glyphsLock() {
    static std::mutex lock;
    return lock;
}

// A font's last reference let go of is the other half of that wait, and a context holds the font it
// last set text in until it is restored or destroyed, which its drawer does outside the lock. So each
// use leaves the context on a face that never goes and no scaled font at all (one is made again when
// text is next set on it).
void letGoOfTheFont(cairo_t* cr) {
    static cairo_font_face_t* resting =
        cairo_toy_font_face_create("monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_face(cr, resting);
}

// Cairo 1.16 sets a glyph that its target's edge or clip cuts otherwise than one it sets whole: the
// cut glyph's rows come out a row lower and fainter (a commander's letters at 90 %, 8 pixels high,
// cut by a surface's last row: 51 positions of 60). A view is drawn in parts (bands on every core,
// the strips a pan or a resize brings in), and a word across a part's edge came out torn where the
// two parts met. So a text its target's drawable area cuts is set whole on an image of its own, on
// the same pixel grid, and that image laid over the target: every part then holds the rows of the
// whole text (to a level of rounding). A text inside the area, nearly every one, is set straight.
// `x`, `y`, `width`, `height` is a box in user space holding the text's ink; `show` sets the text
// on the context it is given, at the place it would on `cr`. Called under glyphsLock.
template <class Show>
void showUncut(cairo_t* cr, double x, double y, double width, double height, const Show& show) {
    if (cairo_surface_get_type(cairo_get_group_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE) {
        show(cr); // a page's text is not cut into pixels
        return;
    }
    cairo_matrix_t matrix;
    cairo_get_matrix(cr, &matrix);
    // The text's box and the drawable area, in device pixels.
    double left = 0, top = 0, right = 0, bottom = 0;
    bool first = true;
    for (const auto& [ux, uy] : {std::pair{x, y}, {x + width, y}, {x, y + height}, {x + width, y + height}}) {
        double dx = ux, dy = uy;
        cairo_matrix_transform_point(&matrix, &dx, &dy);
        left = first ? dx : std::min(left, dx);
        right = first ? dx : std::max(right, dx);
        top = first ? dy : std::min(top, dy);
        bottom = first ? dy : std::max(bottom, dy);
        first = false;
    }
    double clipLeft = 0, clipTop = 0, clipRight = 0, clipBottom = 0;
    if (matrix.xy == 0 && matrix.yx == 0) {
        // Upright (nearly every text of a frame): the area's box in user space maps exactly.
        cairo_clip_extents(cr, &clipLeft, &clipTop, &clipRight, &clipBottom);
        cairo_matrix_transform_point(&matrix, &clipLeft, &clipTop);
        cairo_matrix_transform_point(&matrix, &clipRight, &clipBottom);
        std::tie(clipLeft, clipRight) = std::minmax(clipLeft, clipRight);
        std::tie(clipTop, clipBottom) = std::minmax(clipTop, clipBottom);
    } else {
        cairo_save(cr);
        cairo_identity_matrix(cr);
        cairo_clip_extents(cr, &clipLeft, &clipTop, &clipRight, &clipBottom);
        cairo_restore(cr);
    }
    // Glyphs are set on whole pixels, and their antialiased edges reach a pixel further.
    left = std::floor(left) - 2;
    top = std::floor(top) - 2;
    right = std::ceil(right) + 2;
    bottom = std::ceil(bottom) + 2;
    const bool whole = left >= clipLeft && top >= clipTop && right <= clipRight && bottom <= clipBottom;
    const bool missed = right <= clipLeft || bottom <= clipTop || left >= clipRight || top >= clipBottom;
    constexpr double mostPixelsAlone = 4e6; // 16 MB: a word that large, turned, is set straight
    if (whole || missed || !((right - left) * (bottom - top) <= mostPixelsAlone)) {
        show(cr);
        return;
    }
    // The text in its own colour on nothing: Cairo sets it there as it would on the target (its glyphs
    // one over another, or added up in a mask where they overlap), and it goes on over the target.
    const int atX = static_cast<int>(left), atY = static_cast<int>(top);
    cairo_surface_t* alone = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(right - left),
                                                        static_cast<int>(bottom - top));
    cairo_surface_set_device_offset(alone, -atX, -atY);
    cairo_t* inAlone = cairo_create(alone);
    cairo_set_matrix(inAlone, &matrix);
    cairo_set_source(inAlone, cairo_get_source(cr));
    show(inAlone);
    cairo_destroy(inAlone); // its font let go of here, under the lock (letGoOfTheFont says why)
    cairo_surface_flush(alone);
    cairo_surface_set_device_offset(alone, 0, 0);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_set_source_surface(cr, alone, atX, atY);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(alone);
}

} // namespace

struct TextWriter::Impl {
    cairo_t* cr = nullptr;
    PangoLayout* layout = nullptr;
    std::string current;
    void set(const std::string& text) {
        if (text != current) {
            pango_layout_set_text(layout, text.c_str(), static_cast<int>(text.size()));
            current = text;
        }
    }
    // The layout as it stands, its top-left at (x, y).
    void showUncut(double x, double y) const {
        PangoRectangle ink, logical;
        pango_layout_get_extents(layout, &ink, &logical);
        const double left = std::min(ink.x, logical.x), top = std::min(ink.y, logical.y);
        const double right = std::max(ink.x + ink.width, logical.x + logical.width);
        const double bottom = std::max(ink.y + ink.height, logical.y + logical.height);
        sandtable::showUncut(cr, x + left / PANGO_SCALE, y + top / PANGO_SCALE, (right - left) / PANGO_SCALE,
                             (bottom - top) / PANGO_SCALE, [&](cairo_t* on) {
                                 cairo_move_to(on, x, y);
                                 pango_cairo_show_layout(on, layout);
                             });
    }
};

TextWriter::TextWriter(cairo_t* cr, const Font& font) : impl_(std::make_unique<Impl>()) {
    const std::lock_guard oneAtATime(glyphsLock());
    useBundledFontsOnThisThread();
    impl_->cr = cr;
    impl_->layout = pango_cairo_create_layout(cr);
    // Metrics unhinted, so sizes scale exactly with the map at every zoom and on paper.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(pango_layout_get_context(impl_->layout), options);
    cairo_font_options_destroy(options);
    PangoFontDescription* desc = pango_font_description_new();
    pango_font_description_set_family(desc, font.serif ? "DejaVu Serif" : "DejaVu Sans");
    pango_font_description_set_weight(desc, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_style(desc, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    pango_font_description_set_absolute_size(desc, font.size * PANGO_SCALE);
    pango_layout_set_font_description(impl_->layout, desc);
    pango_font_description_free(desc);
}

TextWriter::~TextWriter() {
    const std::lock_guard oneAtATime(glyphsLock());
    g_object_unref(impl_->layout);
}

TextSize TextWriter::measure(const std::string& text) {
    const std::lock_guard oneAtATime(glyphsLock());
    impl_->set(text);
    pango_cairo_update_layout(impl_->cr, impl_->layout);
    PangoRectangle logical;
    pango_layout_get_extents(impl_->layout, nullptr, &logical);
    return {static_cast<double>(logical.width) / PANGO_SCALE,
            static_cast<double>(logical.height) / PANGO_SCALE};
}

void TextWriter::draw(double x, double y, const std::string& text) {
    show(x, y, text, true);
}

void TextWriter::drawTurned(double x, double y, const std::string& text) {
    show(x, y, text, false);
}

void TextWriter::show(double x, double y, const std::string& text, bool update) {
    const std::lock_guard oneAtATime(glyphsLock());
    impl_->set(text);
    if (update) {
        pango_cairo_update_layout(impl_->cr, impl_->layout);
    }
    impl_->showUncut(x, y);
    cairo_new_path(impl_->cr); // leave no current point for the next shape to join
    letGoOfTheFont(impl_->cr);
}

void TextWriter::drawOnBaseline(double x, double y, const std::string& text) {
    double baseline = 0;
    {
        const std::lock_guard oneAtATime(glyphsLock());
        impl_->set(text);
        pango_cairo_update_layout(impl_->cr, impl_->layout);
        baseline = static_cast<double>(pango_layout_get_baseline(impl_->layout)) / PANGO_SCALE;
    }
    draw(x, y - baseline, text);
}

void TextWriter::drawWithHalo(double x, double y, const std::string& text, double haloWidth) {
    showWithHalo(x, y, text, haloWidth, true);
}

void TextWriter::drawTurnedWithHalo(double x, double y, const std::string& text, double haloWidth) {
    showWithHalo(x, y, text, haloWidth, false);
}

void TextWriter::showWithHalo(double x, double y, const std::string& text, double haloWidth, bool update) {
    cairo_t* cr = impl_->cr;
    {
        const std::lock_guard oneAtATime(glyphsLock());
        impl_->set(text);
        cairo_move_to(cr, x, y);
        if (update) {
            pango_cairo_update_layout(cr, impl_->layout);
        }
        pango_cairo_layout_path(cr, impl_->layout);
    }
    // The halo's stroke is a path's alone, outside the lock (the font stays the context's until it
    // is let go of below).
    cairo_pattern_t* ink = cairo_pattern_reference(cairo_get_source(cr));
    setSource(cr, Rgb{255, 255, 250}, 0.85);
    cairo_set_line_width(cr, haloWidth);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
    cairo_set_source(cr, ink);
    cairo_pattern_destroy(ink);
    const std::lock_guard oneAtATime(glyphsLock());
    impl_->showUncut(x, y);
    cairo_new_path(cr);
    letGoOfTheFont(cr);
}

void TextWriter::drawCentred(double x, double y, const std::string& text) {
    const TextSize size = measure(text);
    draw(x - size.width / 2, y, text);
}

DigitWriter::DigitWriter(cairo_t* cr, double size) : cr_(cr) {
    const std::lock_guard oneAtATime(glyphsLock());
    cairo_font_face_t* face = HeldDigitFonts::shared().face();
    cairo_matrix_t fontMatrix, identity;
    cairo_matrix_init_scale(&fontMatrix, size, size);
    cairo_matrix_init_identity(&identity);
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    font_ = cairo_scaled_font_create(face, &fontMatrix, &identity, options);
    cairo_font_options_destroy(options);
    HeldDigitFonts::shared().hold(font_);
    cairo_font_extents_t extents;
    cairo_scaled_font_extents(font_, &extents);
    ascent_ = extents.ascent;
    height_ = extents.ascent + extents.descent;
    for (int d = 0; d < 10; ++d) {
        const char digit[2] = {static_cast<char>('0' + d), 0};
        cairo_glyph_t* glyphs = nullptr;
        int count = 0;
        if (cairo_scaled_font_text_to_glyphs(font_, 0, 0, digit, 1, &glyphs, &count, nullptr, nullptr,
                                             nullptr) == CAIRO_STATUS_SUCCESS &&
            count == 1) {
            glyph_[static_cast<std::size_t>(d)] = glyphs[0].index;
        }
        cairo_glyph_free(glyphs);
    }
    cairo_text_extents_t zero;
    cairo_scaled_font_text_extents(font_, "0", &zero);
    advance_ = zero.x_advance;
}

DigitWriter::~DigitWriter() {
    const std::lock_guard oneAtATime(glyphsLock());
    // Once, not after each number: the fonts the numbers are set in are held (HeldDigitFonts), and
    // thousands of numbers a frame would each find the context's font again.
    letGoOfTheFont(cr_);
    cairo_scaled_font_destroy(font_);
}

TextSize DigitWriter::measure(std::size_t digits) const {
    return {advance_ * static_cast<double>(digits), height_};
}

void DigitWriter::draw(double x, double y, std::string_view text) {
    std::array<cairo_glyph_t, 16> glyphs{};
    int n = 0;
    for (char c : text) {
        if (c >= '0' && c <= '9' && n < static_cast<int>(glyphs.size())) {
            glyphs[static_cast<std::size_t>(n)] = {glyph_[static_cast<std::size_t>(c - '0')],
                                                   x + advance_ * n, y + ascent_};
            ++n;
        }
    }
    const std::lock_guard oneAtATime(glyphsLock());
    showUncut(cr_, x, y, advance_ * n, height_, [&](cairo_t* on) {
        cairo_set_scaled_font(on, font_);
        // The context sets them in a font of its own for its scale: held too.
        if (cairo_scaled_font_t* scaled = cairo_get_scaled_font(on); scaled != drawnIn_) {
            HeldDigitFonts::shared().hold(scaled);
            drawnIn_ = scaled;
        }
        cairo_show_glyphs(on, glyphs.data(), n);
    });
}

} // namespace sandtable
