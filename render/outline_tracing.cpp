#include "outline_tracing.hpp"

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

namespace sandtable {
namespace {

constexpr std::int64_t keyBias = std::int64_t{1} << 31;

std::int64_t xOf(std::uint64_t key) {
    return static_cast<std::int64_t>(key >> 32) - keyBias;
}
std::int64_t yOf(std::uint64_t key) {
    return static_cast<std::int64_t>(key & 0xffffffffu) - keyBias;
}

// The square of the distance from p to the segment from a to b, in lattice steps. Exact in the
// integers it starts from, so a stretch two rings share gives the same figures either way round.
double distance2(std::uint64_t p, std::uint64_t a, std::uint64_t b) {
    const std::int64_t dx = xOf(b) - xOf(a), dy = yOf(b) - yOf(a);
    const std::int64_t px = xOf(p) - xOf(a), py = yOf(p) - yOf(a);
    const std::int64_t along = px * dx + py * dy, length2 = dx * dx + dy * dy;
    if (along <= 0 || length2 == 0) {
        return static_cast<double>(px * px + py * py);
    }
    if (along >= length2) {
        const std::int64_t qx = xOf(p) - xOf(b), qy = yOf(p) - yOf(b);
        return static_cast<double>(qx * qx + qy * qy);
    }
    const auto cross = static_cast<double>(px * dy - py * dx);
    return cross * cross / static_cast<double>(length2);
}

// Douglas-Peucker over ring[from..to] (indices taken round the ring): the points that keep the
// stretch within sqrt(tolerance2), `from` included and `to` left out. Of two points as far, the
// lower key is kept, so the stretch gives the same points whichever way it is walked.
void simplifyStretch(const std::vector<std::uint64_t>& ring, std::size_t from, std::size_t to,
                     double tolerance2, std::vector<std::uint64_t>& out) {
    const std::size_t n = ring.size();
    const std::size_t length = (to + n - from) % n;
    double farthest = -1;
    std::size_t at = from;
    for (std::size_t k = 1; k < length; ++k) {
        const std::size_t i = (from + k) % n;
        const double d = distance2(ring[i], ring[from], ring[to]);
        if (d > farthest || (d == farthest && ring[i] < ring[at])) {
            farthest = d;
            at = i;
        }
    }
    if (length > 1 && farthest > tolerance2) {
        simplifyStretch(ring, from, at, tolerance2, out);
        simplifyStretch(ring, at, to, tolerance2, out);
    } else {
        out.push_back(ring[from]);
    }
}

} // namespace

// The sides met so far that no other piece has given back yet, each with its count of turns
// (+1 for each time it was given from its lower key, -1 from its higher). A side two pieces share
// comes in twice, the second time taking it out again; pieces come row by row, so what is held at
// once is about a row's sides, and at the end the union's outline: not every side of every piece
// sorted, as it was (a tenth of a large natural PDF's time, 33 MB on a 300 x 300 overview).
// Linear probing in a power-of-two table, taken out by shifting back the entries after it.
class OutlineTracer::OpenSides {
  public:
    struct Entry {
        std::uint64_t low = 0, high = 0;
        int turns = 0;
        bool used = false;
    };

    OpenSides() : slots_(1024) {}

    void add(std::uint64_t a, std::uint64_t b) {
        const std::uint64_t low = std::min(a, b), high = std::max(a, b);
        const int turn = a < b ? 1 : -1;
        std::size_t i = home(low, high);
        while (slots_[i].used) {
            if (slots_[i].low == low && slots_[i].high == high) {
                slots_[i].turns += turn;
                if (slots_[i].turns == 0) {
                    erase(i);
                }
                return;
            }
            i = (i + 1) & mask();
        }
        slots_[i] = Entry{low, high, turn, true};
        if (++size_ * 2 > slots_.size()) {
            grow();
        }
    }

    const std::vector<Entry>& slots() const { return slots_; }

  private:
    std::size_t mask() const { return slots_.size() - 1; }
    std::size_t home(std::uint64_t low, std::uint64_t high) const {
        // A key's column is in its high half: folded down before the bits are taken.
        std::uint64_t h = low * 0x9E3779B97F4A7C15ull + high;
        h ^= h >> 32;
        h *= 0xC2B2AE3D27D4EB4Full;
        return static_cast<std::size_t>(h ^ (h >> 29)) & mask();
    }
    void erase(std::size_t i) {
        for (std::size_t j = (i + 1) & mask(); slots_[j].used; j = (j + 1) & mask()) {
            const std::size_t k = home(slots_[j].low, slots_[j].high);
            // The entry at j stays unless its home lies cyclically outside (i, j].
            const bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
            if (!stays) {
                slots_[i] = slots_[j];
                i = j;
            }
        }
        slots_[i].used = false;
        --size_;
    }
    void grow() {
        std::vector<Entry> old(slots_.size() * 2);
        old.swap(slots_);
        for (const Entry& e : old) {
            if (e.used) {
                std::size_t i = home(e.low, e.high);
                while (slots_[i].used) {
                    i = (i + 1) & mask();
                }
                slots_[i] = e;
            }
        }
    }

    std::vector<Entry> slots_;
    std::size_t size_ = 0;
};

double signedArea(std::span<const Point> polygon) {
    double twice = 0;
    for (std::size_t k = 0; k < polygon.size(); ++k) {
        const Point& a = polygon[k];
        const Point& b = polygon[(k + 1) % polygon.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    return twice / 2;
}

void Polylines::addToPath(cairo_t* cr, bool closed) const {
    const Point* p = points.data();
    for (const std::uint32_t n : sizes) {
        cairo_move_to(cr, p[0].x, p[0].y);
        for (std::size_t k = 1; k < n; ++k) {
            cairo_line_to(cr, p[k].x, p[k].y);
        }
        if (closed) {
            cairo_close_path(cr);
        }
        p += n;
    }
}

std::uint64_t OutlineTracer::keyOf(Point p) const {
    const auto q = [&](double v) {
        const double steps = std::clamp(std::round(v / quantum_), -double(keyBias), double(keyBias - 1));
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(steps) + keyBias);
    };
    return q(p.x - origin_.x) << 32 | q(p.y - origin_.y);
}

Point OutlineTracer::pointOf(std::uint64_t key) const {
    return {origin_.x + static_cast<double>(xOf(key)) * quantum_,
            origin_.y + static_cast<double>(yOf(key)) * quantum_};
}

void Polylines::add(const Point* line, std::size_t count) {
    points.insert(points.end(), line, line + count);
    sizes.push_back(static_cast<std::uint32_t>(count));
}

OutlineTracer::OutlineTracer(Point origin, double quantum)
    : origin_(origin), quantum_(quantum), open_(std::make_unique<OpenSides>()) {}
OutlineTracer::~OutlineTracer() = default;
OutlineTracer::OutlineTracer(OutlineTracer&&) noexcept = default;
OutlineTracer& OutlineTracer::operator=(OutlineTracer&&) noexcept = default;

void OutlineTracer::add(const Point* polygon, std::size_t count) {
    // A side two pieces share is there once each way: counted +1 one way and -1 the other it
    // sums to nothing. What is left are the union's sides, each the way its piece turned.
    std::uint64_t first = 0, previous = 0;
    for (std::size_t k = 0; k < count; ++k) {
        const std::uint64_t key = keyOf(polygon[k]);
        if (k == 0) {
            first = key;
        } else if (key != previous) {
            open_->add(previous, key);
        }
        previous = key;
    }
    if (count > 1 && previous != first) {
        open_->add(previous, first);
    }
}

OutlineTracer::Rings OutlineTracer::rings() const {
    std::vector<Edge> rest;
    for (const OpenSides::Entry& e : open_->slots()) {
        for (int n = 0; e.used && n < std::abs(e.turns); ++n) {
            rest.push_back(e.turns > 0 ? Edge{e.low, e.high} : Edge{e.high, e.low});
        }
    }
    std::ranges::sort(
        rest, [](const Edge& a, const Edge& b) { return std::tie(a.from, a.to) < std::tie(b.from, b.to); });
    std::vector<bool> used(rest.size(), false);
    // The first unused side out of `key`, or none.
    const auto nextFrom = [&](std::uint64_t key) -> std::ptrdiff_t {
        auto k = std::ranges::lower_bound(rest, key, {}, &Edge::from);
        for (; k != rest.end() && k->from == key; ++k) {
            const auto index = k - rest.begin();
            if (!used[static_cast<std::size_t>(index)]) {
                return index;
            }
        }
        return -1;
    };
    Rings out;
    for (std::size_t start = 0; start < rest.size(); ++start) {
        if (used[start]) {
            continue;
        }
        const std::size_t before = out.keys.size();
        std::ptrdiff_t at = static_cast<std::ptrdiff_t>(start);
        while (at >= 0) {
            used[static_cast<std::size_t>(at)] = true;
            out.keys.push_back(rest[static_cast<std::size_t>(at)].from);
            at = nextFrom(rest[static_cast<std::size_t>(at)].to);
        }
        out.sizes.push_back(static_cast<std::uint32_t>(out.keys.size() - before));
    }
    return out;
}

Polylines OutlineTracer::outlines(const Rings& rings, double tolerance,
                                  const std::vector<std::uint64_t>& kept) const {
    const double tolerance2 = tolerance / quantum_ * (tolerance / quantum_);
    const auto isKept = [&](std::uint64_t key) { return std::ranges::binary_search(kept, key); };
    Polylines out;
    std::vector<std::uint64_t> ring, simplified;
    std::vector<std::size_t> anchors;
    std::size_t offset = 0;
    for (const std::uint32_t size : rings.sizes) {
        ring.assign(rings.keys.begin() + static_cast<std::ptrdiff_t>(offset),
                    rings.keys.begin() + static_cast<std::ptrdiff_t>(offset + size));
        offset += size;
        anchors.clear();
        for (std::size_t k = 0; k < ring.size(); ++k) {
            if (isKept(ring[k])) {
                anchors.push_back(k);
            }
        }
        // A ring no kept point cuts: cut at its lowest key and the point farthest from that, which
        // any ring with the same points finds too.
        const auto farthestFrom = [&](std::size_t from) {
            std::size_t far = from;
            double farthest = -1;
            for (std::size_t k = 0; k < ring.size(); ++k) {
                const double d = distance2(ring[k], ring[from], ring[from]);
                if (d > farthest || (d == farthest && ring[k] < ring[far])) {
                    farthest = d;
                    far = k;
                }
            }
            return far;
        };
        if (anchors.empty()) {
            anchors.push_back(static_cast<std::size_t>(std::ranges::min_element(ring) - ring.begin()));
        }
        if (anchors.size() == 1) {
            anchors.push_back(farthestFrom(anchors[0]));
            std::ranges::sort(anchors);
        }
        simplified.clear();
        for (std::size_t a = 0; a < anchors.size(); ++a) {
            simplifyStretch(ring, anchors[a], anchors[(a + 1) % anchors.size()], tolerance2, simplified);
        }
        // What is left of a ring thinner than the tolerance is a sliver: dropped.
        if (simplified.size() >= 3) {
            for (const std::uint64_t key : simplified) {
                out.points.push_back(pointOf(key));
            }
            out.sizes.push_back(static_cast<std::uint32_t>(simplified.size()));
        }
    }
    return out;
}

std::vector<std::uint64_t> OutlineTracer::junctions(const std::vector<const Rings*>& all) {
    // A point inside a stretch two outlines share is in two rings, with the sides both sides of
    // it in both. Anywhere else (three classes meet; the shared stretch ends at the edge of what
    // was traced) it is a junction.
    using SideKey = std::pair<std::uint64_t, std::uint64_t>;
    std::vector<SideKey> sides;
    std::vector<std::uint64_t> points, ringPoints;
    const auto forEachRing = [&](auto&& visit) {
        for (const Rings* rings : all) {
            std::size_t offset = 0;
            for (const std::uint32_t size : rings->sizes) {
                visit(rings->keys.data() + offset, static_cast<std::size_t>(size));
                offset += size;
            }
        }
    };
    forEachRing([&](const std::uint64_t* ring, std::size_t n) {
        ringPoints.assign(ring, ring + n);
        std::ranges::sort(ringPoints);
        ringPoints.erase(std::unique(ringPoints.begin(), ringPoints.end()), ringPoints.end());
        points.insert(points.end(), ringPoints.begin(), ringPoints.end());
        for (std::size_t k = 0; k < n; ++k) {
            const std::uint64_t a = ring[k], b = ring[(k + 1) % n];
            sides.emplace_back(std::min(a, b), std::max(a, b));
        }
    });
    std::ranges::sort(points);
    std::ranges::sort(sides);
    const auto twice = [](const auto& sorted, const auto& value) {
        const auto [from, to] = std::ranges::equal_range(sorted, value);
        return to - from == 2;
    };
    std::vector<std::uint64_t> out;
    forEachRing([&](const std::uint64_t* ring, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
            const std::uint64_t before = ring[(k + n - 1) % n], at = ring[k], after = ring[(k + 1) % n];
            if (!twice(points, at) || !twice(sides, SideKey{std::min(before, at), std::max(before, at)}) ||
                !twice(sides, SideKey{std::min(at, after), std::max(at, after)})) {
                out.push_back(at);
            }
        }
    });
    std::ranges::sort(out);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Polylines chainSegments(const std::vector<std::pair<Point, Point>>& segments, Point origin, double quantum,
                        double tolerance) {
    const OutlineTracer keys(origin, quantum);
    struct End {
        std::uint64_t key;
        std::uint32_t segment;
        std::uint32_t which; // 0 its first point, 1 its second
    };
    std::vector<std::array<std::uint64_t, 2>> ends;
    ends.reserve(segments.size());
    std::vector<End> at;
    at.reserve(segments.size() * 2);
    for (const auto& [a, b] : segments) {
        const std::uint64_t ka = keys.keyOf(a), kb = keys.keyOf(b);
        if (ka != kb) {
            ends.push_back({std::min(ka, kb), std::max(ka, kb)});
        }
    }
    // A segment given twice (a side both its cells drew) is drawn once.
    std::ranges::sort(ends);
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    for (std::size_t k = 0; k < ends.size(); ++k) {
        const auto segment = static_cast<std::uint32_t>(k);
        at.push_back({ends[k][0], segment, 0});
        at.push_back({ends[k][1], segment, 1});
    }
    std::ranges::sort(at, [](const End& a, const End& b) {
        return std::tie(a.key, a.segment) < std::tie(b.key, b.segment);
    });
    std::vector<bool> used(ends.size(), false);
    const auto unusedAt = [&](std::uint64_t key) -> const End* {
        for (auto k = std::ranges::lower_bound(at, key, {}, &End::key); k != at.end() && k->key == key; ++k) {
            if (!used[k->segment]) {
                return &*k;
            }
        }
        return nullptr;
    };
    Polylines out;
    // In the keys' lattice steps, as simplifyStretch measures.
    const double tolerance2 = (tolerance / quantum) * (tolerance / quantum);
    std::vector<std::uint64_t> line, kept;
    const auto walkFrom = [&](const End& first) {
        const End* from = &first;
        line.assign(1, from->key);
        while (from != nullptr) {
            used[from->segment] = true;
            const std::uint64_t next = ends[from->segment][1 - from->which];
            line.push_back(next);
            from = unusedAt(next);
        }
        if (tolerance > 0) {
            // From its first point to its last (the same key again on a closed line), both kept.
            kept.clear();
            simplifyStretch(line, 0, line.size() - 1, tolerance2, kept);
            kept.push_back(line.back());
            line.swap(kept);
        }
        for (const std::uint64_t key : line) {
            out.points.push_back(keys.pointOf(key));
        }
        out.sizes.push_back(static_cast<std::uint32_t>(line.size()));
    };
    // Lines with ends first, from an end, so none is cut in two; then the closed ones.
    for (std::size_t k = 0; k < at.size();) {
        std::size_t end = k;
        while (end < at.size() && at[end].key == at[k].key) {
            ++end;
        }
        if ((end - k) % 2 == 1) {
            while (const End* from = unusedAt(at[k].key)) {
                walkFrom(*from);
            }
        }
        k = end;
    }
    for (const End& e : at) {
        if (!used[e.segment]) {
            walkFrom(e);
        }
    }
    return out;
}

} // namespace sandtable
