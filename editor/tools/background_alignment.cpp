#include "editor/tools/background_alignment.hpp"

#include <cmath>
#include <cstdio>

namespace sandtable {

BackgroundAlignment::BackgroundAlignment(BackgroundImage scan) : scan_(std::move(scan)) {
    for (const ControlPoint& p : scan_.controlPoints) {
        const auto [x, y] = scan_.toMap(p.px, p.py);
        pairs_.push_back(Pair{{x, y}, p.px, p.py, Point{p.mx, p.my}, std::nullopt});
    }
    refit();
}

void BackgroundAlignment::click(Point cells) {
    if (waitingForGridPoint()) {
        pairs_.back().onGrid = cells;
    } else {
        const auto [px, py] = scan_.toPixel(cells.x, cells.y);
        pairs_.push_back(Pair{cells, px, py, std::nullopt, std::nullopt});
    }
    refit();
}

bool BackgroundAlignment::takeBack() {
    if (pairs_.empty()) {
        return false;
    }
    if (pairs_.back().onGrid) {
        pairs_.back().onGrid.reset();
    } else {
        pairs_.pop_back();
    }
    refit();
    return true;
}

std::size_t BackgroundAlignment::completePairs() const {
    return pairs_.size() - (waitingForGridPoint() ? 1 : 0);
}

void BackgroundAlignment::refit() {
    aligned_.reset();
    rms_.reset();
    for (Pair& p : pairs_) {
        p.residual.reset();
    }
    const std::size_t n = completePairs();
    if (n == 2) {
        const Pair &a = pairs_[0], &b = pairs_[1];
        if (std::hypot(a.pixelX - b.pixelX, a.pixelY - b.pixelY) > 1e-9 &&
            std::hypot(a.onGrid->x - b.onGrid->x, a.onGrid->y - b.onGrid->y) > 1e-9) {
            aligned_ = scan_.alignedBy(a.pixelX, a.pixelY, a.onGrid->x, a.onGrid->y, b.pixelX, b.pixelY,
                                       b.onGrid->x, b.onGrid->y);
        }
    } else if (n >= 3) {
        std::vector<ControlPoint> points;
        for (std::size_t i = 0; i < n; ++i) {
            points.push_back({pairs_[i].pixelX, pairs_[i].pixelY, pairs_[i].onGrid->x, pairs_[i].onGrid->y});
        }
        if (auto fitted = scan_.alignedByPoints(points)) {
            aligned_ = fitted->first;
            rms_ = fitted->second.rms;
            for (std::size_t i = 0; i < n; ++i) {
                pairs_[i].residual = fitted->second.residuals[i];
            }
        }
    }
}

std::optional<BackgroundImage> BackgroundAlignment::aligned() const {
    return aligned_;
}

std::string BackgroundAlignment::hint() const {
    const std::size_t n = completePairs();
    if (waitingForGridPoint()) {
        return "Align the background: point " + std::to_string(pairs_.size()) +
               " - now click where it belongs on the grid (Backspace takes it back, Esc cancels)";
    }
    std::string text = "Align the background: ";
    if (n == 0) {
        return text + "click a point on the scanned map you can find on the grid (a crossroads, a bridge)";
    }
    if (n == 1) {
        return text + "1 pair - click a second point on the scan, far from the first";
    }
    if (!aligned_) {
        return text + std::to_string(n) +
               " pairs that fix no alignment (points on one line?) - click another, or Backspace";
    }
    char figures[160];
    if (rms_) {
        std::snprintf(figures, sizeof figures, "%zu pairs, fitted within %.2f cells (rms)", n, *rms_);
    } else {
        std::snprintf(figures, sizeof figures, "2 pairs (position, scale and rotation)");
    }
    return text + figures + " - Enter applies, another click adds a pair, Backspace takes back, Esc cancels";
}

} // namespace sandtable
