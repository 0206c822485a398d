#include "label_placement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace sandtable {

Box Box::unite(const Box& o) const {
    return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)};
}

Box turnedBox(const LineSpot& spot, double width, double height) {
    const double c = std::abs(std::cos(spot.turn)), s = std::abs(std::sin(spot.turn));
    return Box::around(spot.middle, (c * width + s * height) / 2, (s * width + c * height) / 2);
}

std::vector<Point> candidatesAround(Point anchor, double w, double h, double clear, double step, int rings) {
    std::vector<Point> out;
    for (int ring = 0; ring <= rings; ++ring) {
        const double d = clear + ring * step;
        // Below first (where a map reader looks for a town's name), then above, right, left.
        const std::array<Point, 8> tries{{{anchor.x - w / 2, anchor.y + d},
                                          {anchor.x - w / 2, anchor.y - d - h},
                                          {anchor.x + d, anchor.y - h / 2},
                                          {anchor.x - d - w, anchor.y - h / 2},
                                          {anchor.x + d * 0.7, anchor.y + d * 0.7},
                                          {anchor.x - d * 0.7 - w, anchor.y + d * 0.7},
                                          {anchor.x + d * 0.7, anchor.y - d * 0.7 - h},
                                          {anchor.x - d * 0.7 - w, anchor.y - d * 0.7 - h}}};
        out.insert(out.end(), tries.begin(), tries.end());
    }
    return out;
}

namespace {

// The boxes already on the map, bucketed on a grid so each candidate is checked only against its
// neighbours: a whole 300 x 300 map has 90,000 cell numbers.
class BoxIndex {
  public:
    BoxIndex(const Box& bounds, double bucket)
        : bounds_(bounds), bucket_(bucket > 0 ? bucket : 1),
          cols_(std::max(1, static_cast<int>(std::ceil(bounds.width() / bucket_)) + 1)),
          rows_(std::max(1, static_cast<int>(std::ceil(bounds.height() / bucket_)) + 1)),
          buckets_(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_)) {}
    void add(const Box& b) {
        forEachBucket(b, [&](std::vector<Box>& bucket) { bucket.push_back(b); });
    }
    bool hits(const Box& b) {
        bool hit = false;
        forEachBucket(b, [&](std::vector<Box>& bucket) {
            hit = hit || std::ranges::any_of(bucket, [&](const Box& o) { return b.overlaps(o); });
        });
        return hit;
    }

  private:
    template <class F> void forEachBucket(const Box& b, F&& f) {
        auto col = [&](double x) {
            return std::clamp(static_cast<int>((x - bounds_.x0) / bucket_), 0, cols_ - 1);
        };
        auto row = [&](double y) {
            return std::clamp(static_cast<int>((y - bounds_.y0) / bucket_), 0, rows_ - 1);
        };
        for (int r = row(b.y0); r <= row(b.y1); ++r) {
            for (int c = col(b.x0); c <= col(b.x1); ++c) {
                f(buckets_[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols_) +
                           static_cast<std::size_t>(c)]);
            }
        }
    }
    Box bounds_;
    double bucket_;
    int cols_, rows_;
    std::vector<std::vector<Box>> buckets_;
};

} // namespace

void placeLabels(LabelPlan& plan, std::span<const LabelRequest> requests, const Box& bounds, double margin,
                 double bucket) {
    if (requests.empty()) {
        return;
    }
    // Indexed over where the boxes and the candidates are, not the whole bounds: the view of a
    // 1000 x 1000 map would otherwise make a million empty buckets for a frame's few words.
    std::optional<Box> extent;
    const auto cover = [&](const Box& b) { extent = extent ? extent->unite(b) : b; };
    for (const auto* boxes : {&plan.counters, &plan.markers}) {
        std::ranges::for_each(*boxes, cover);
    }
    for (const auto* labels : {&plan.cellNumbers, &plan.labels}) {
        std::ranges::for_each(*labels, [&](const PlacedLabel& l) { cover(l.box); });
    }
    for (const LabelRequest& r : requests) {
        std::ranges::for_each(r.candidates, [&](const Point& p) {
            cover({p.x, p.y, p.x + r.width, p.y + r.height});
        });
        std::ranges::for_each(r.alongLine,
                              [&](const LineSpot& s) { cover(turnedBox(s, r.width, r.height)); });
    }
    const Box within = extent.value_or(Box{bounds.x0, bounds.y0, bounds.x0, bounds.y0});
    const auto clampX = [&](double x) { return std::clamp(x, bounds.x0, std::max(bounds.x0, bounds.x1)); };
    const auto clampY = [&](double y) { return std::clamp(y, bounds.y0, std::max(bounds.y0, bounds.y1)); };
    BoxIndex taken(Box{clampX(within.x0), clampY(within.y0), clampX(within.x1), clampY(within.y1)}, bucket);
    for (const auto* boxes : {&plan.counters, &plan.markers}) {
        for (const Box& b : *boxes) {
            taken.add(b);
        }
    }
    for (const auto* labels : {&plan.cellNumbers, &plan.labels}) {
        for (const PlacedLabel& l : *labels) {
            taken.add(l.box);
        }
    }
    for (const LabelRequest& r : requests) {
        const auto tryBox = [&](const Box& b, double turn, const std::optional<LineCutOut>& cutOut) {
            if (!b.inside(bounds) || taken.hits(b.grown(margin))) {
                return false;
            }
            plan.labels.push_back({r.text, r.role, b, turn, cutOut});
            taken.add(b);
            return true;
        };
        const bool placed =
            std::ranges::any_of(r.candidates,
                                [&](const Point& p) {
                                    return tryBox({p.x, p.y, p.x + r.width, p.y + r.height}, 0, std::nullopt);
                                }) ||
            std::ranges::any_of(r.alongLine, [&](const LineSpot& spot) {
                return tryBox(turnedBox(spot, r.width, r.height), spot.turn, spot.cutOut);
            });
        if (!placed && !r.optional) {
            plan.unplaced.push_back(r.text + (r.where.empty() ? "" : " (" + r.where + ")") +
                                    ": no free place near it");
        }
    }
}

int overlapsIn(const LabelPlan& plan) {
    int n = 0;
    for (std::size_t i = 0; i < plan.labels.size(); ++i) {
        const Box& b = plan.labels[i].box;
        n += static_cast<int>(
            std::ranges::count_if(plan.counters, [&](const Box& o) { return b.overlaps(o); }));
        n += static_cast<int>(
            std::ranges::count_if(plan.markers, [&](const Box& o) { return b.overlaps(o); }));
        n += static_cast<int>(
            std::ranges::count_if(plan.cellNumbers, [&](const PlacedLabel& o) { return b.overlaps(o.box); }));
        for (std::size_t j = i + 1; j < plan.labels.size(); ++j) {
            n += b.overlaps(plan.labels[j].box) ? 1 : 0;
        }
    }
    for (const PlacedLabel& number : plan.cellNumbers) {
        n += static_cast<int>(
            std::ranges::count_if(plan.counters, [&](const Box& o) { return number.box.overlaps(o); }));
        n += static_cast<int>(
            std::ranges::count_if(plan.markers, [&](const Box& o) { return number.box.overlaps(o); }));
    }
    return n;
}

} // namespace sandtable
