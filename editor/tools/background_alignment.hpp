#pragma once
// Lining a scanned map up with the grid by control points, clicked on the canvas: a point on the
// scan (where the scan is drawn now), then the place on the grid it belongs, pair after pair. Two
// pairs fix position, scale and rotation (BackgroundImage::alignedBy); three or more are fitted by
// least squares as an affine transformation (alignedByPoints), which also takes out a scan's
// stretch or skew, and every pair's residual is known as soon as it is clicked. Nothing changes
// the scenario until the designer applies it (one undoable edit); the last click can be taken back.
#include "model/layout.hpp"
#include "model/map.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable {

class BackgroundAlignment {
  public:
    // Starts from the pairs the scan was aligned by last time, if any, so that one can be added
    // or taken back.
    explicit BackgroundAlignment(BackgroundImage scan);

    struct Pair {
        Point onScan;                   // where the click on the scan was, in cells, as it is drawn now
        double pixelX = 0, pixelY = 0;  // that point's pixel of the image
        std::optional<Point> onGrid;    // where it belongs, in cells; nothing until clicked
        std::optional<double> residual; // with three or more pairs: how far the fit leaves it, in cells
    };

    // A click at `cells` (map units: one cell across is 1): a scan point, or the grid point of the
    // pair it completes.
    void click(Point cells);
    // Takes back the last click; false when there was none.
    bool takeBack();

    const std::vector<Pair>& pairs() const { return pairs_; }
    std::size_t completePairs() const;
    bool waitingForGridPoint() const { return !pairs_.empty() && !pairs_.back().onGrid; }

    // The scan as the complete pairs align it: by two points, or by the least-squares fit of three
    // or more, the pairs kept with it. Nothing with fewer than two, or points that fix no
    // transformation (all on one line).
    std::optional<BackgroundImage> aligned() const;
    // The root mean square of the residuals, in cells, once there are three pairs or more.
    std::optional<double> rms() const { return rms_; }
    // What to do next, for the status bar.
    std::string hint() const;

  private:
    void refit();

    BackgroundImage scan_;
    std::vector<Pair> pairs_;
    std::optional<BackgroundImage> aligned_;
    std::optional<double> rms_;
};

} // namespace sandtable
