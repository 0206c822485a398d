#pragma once
// Text on the map with PangoCairo, in user units: a font of size 12 is 12 units tall wherever the
// context's transformation puts it, so labels scale with the map on screen and on paper.
#include <array>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

typedef struct _cairo cairo_t;
typedef struct _cairo_scaled_font cairo_scaled_font_t;

namespace sandtable {

// Text is set in the DejaVu fonts on every system. Linux has them from the system (Debian's
// fonts-dejavu-core, which the package depends on) and `folder` is empty; the Windows build ships
// them in `folder` and draws them with FreeType through fontconfig, as Linux does, so a map, its
// print and its PNG look the same on both (Windows' own text engine would set other shapes and
// widths). `cache` is a folder of the user's for fontconfig's cache of them. Called once, before
// anything is drawn; false when the folder's fonts cannot be used, and then the system's fonts
// stand in.
bool useBundledFonts(const std::filesystem::path& folder, const std::filesystem::path& cache);
// The same fonts for the calling thread (PangoCairo's default font map is each thread's own): a
// TextWriter calls it, so a band of a picture drawn on another thread sets its text alike. False
// when there are no shipped fonts (Linux) or they cannot be used.
bool useBundledFontsOnThisThread();

struct Font {
    double size = 10;
    bool bold = false;
    bool italic = false;
    bool serif = false; // DejaVu Serif for place names, else DejaVu Sans
};

struct TextSize {
    double width = 0, height = 0;
};

// One layout reused for every string drawn with it: making a layout is the costly part.
class TextWriter {
  public:
    TextWriter(cairo_t* cr, const Font& font);
    ~TextWriter();
    TextWriter(const TextWriter&) = delete;
    TextWriter& operator=(const TextWriter&) = delete;

    TextSize measure(const std::string& text);
    // Draws with the top-left corner of the text's box at (x, y), in the current source colour.
    void draw(double x, double y, const std::string& text);
    // Centred on x, its top at y.
    void drawCentred(double x, double y, const std::string& text);
    // With its baseline's left end at (x, y), as the lines of a printed page or sheet are set.
    void drawOnBaseline(double x, double y, const std::string& text);
    // Over a halo of the paper's colour `haloWidth` wide around every letter, so a name reads
    // over woods, roads and contours alike; the text in the current source colour.
    void drawWithHalo(double x, double y, const std::string& text, double haloWidth);
    // The same two under a turn (a figure along its contour), the text laid out as it was for the
    // last measure or draw before the turn. Pango lays a text out again whenever the CTM changes,
    // which was most of what a view's turned figures cost; the metrics are unhinted, so the layout
    // holds under any turn, and Cairo renders the glyphs for the turn.
    void drawTurned(double x, double y, const std::string& text);
    void drawTurnedWithHalo(double x, double y, const std::string& text, double haloWidth);

  private:
    void show(double x, double y, const std::string& text, bool update);
    void showWithHalo(double x, double y, const std::string& text, double haloWidth, bool update);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Cell numbers, thousands of them on a printed map: digits only, their glyphs looked up once and
// set with cairo_show_glyphs, with no text layout per number (a tenth of the cost of a
// TextWriter for each).
class DigitWriter {
  public:
    DigitWriter(cairo_t* cr, double size);
    ~DigitWriter();
    DigitWriter(const DigitWriter&) = delete;
    DigitWriter& operator=(const DigitWriter&) = delete;

    // The box of `digits` characters: every digit is as wide as the others.
    TextSize measure(std::size_t digits) const;
    // Draws `text` (digits; anything else is left out) with its box's top-left at (x, y).
    void draw(double x, double y, std::string_view text);

  private:
    cairo_t* cr_;
    cairo_scaled_font_t* font_ = nullptr;
    cairo_scaled_font_t* drawnIn_ = nullptr; // the context's font for its scale, last held
    std::array<unsigned long, 10> glyph_{};
    double advance_ = 0, ascent_ = 0, height_ = 0;
};

} // namespace sandtable
