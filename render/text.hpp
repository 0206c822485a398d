#pragma once
// Text on the map with PangoCairo, in user units: a font of size 12 is 12 units tall wherever the
// context's transformation puts it, so labels scale with the map on screen and on paper.
#include <memory>
#include <string>

typedef struct _cairo cairo_t;

namespace sandtable {

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
    // Over a halo of the paper's colour `haloWidth` wide around every letter, so a name reads
    // over woods, roads and contours alike; the text in the current source colour.
    void drawWithHalo(double x, double y, const std::string& text, double haloWidth);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace sandtable
