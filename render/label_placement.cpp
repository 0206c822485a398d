#include "label_placement.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable {

Box Box::unite(const Box& o) const {
    return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)};
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
    BoxIndex taken(bounds, bucket);
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
        bool placed = false;
        for (const Point& p : r.candidates) {
            const Box b{p.x, p.y, p.x + r.width, p.y + r.height};
            if (b.inside(bounds) && !taken.hits(b.grown(margin))) {
                plan.labels.push_back({r.text, r.role, b});
                taken.add(b);
                placed = true;
                break;
            }
        }
        if (!placed) {
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
