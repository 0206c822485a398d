#include "bilinear_stretch.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define SANDTABLE_STRETCH_SSSE3 1
#endif

namespace sandtable {

namespace {

constexpr int weightBits = 6; // 64ths: a blend of two 8-bit values then fits a signed 16-bit lane
constexpr int whole = 1 << weightBits;

// Where along one axis a pixel of the result takes its value: the picture's pixel before its
// centre (`from`, the next one after it) and how far towards the next one, in 64ths.
struct Sample {
    int from = 0;
    int weight = 0; // of the next pixel; the one at `from` weighs whole - weight
};

// The sample of the result's pixel i along an axis, or none where its centre falls outside the
// picture's `size` pixels.
bool sampleAt(int i, double scale, double offset, int size, Sample& sample) {
    const double at = (i + 0.5) * scale + offset;
    if (!(at >= 0 && at < size)) {
        return false;
    }
    const double between = at - 0.5; // between the centres of pixels from and from + 1
    const double floor = std::floor(between);
    sample.from = static_cast<int>(floor);
    sample.weight = static_cast<int>(std::lround((between - floor) * whole));
    if (sample.weight == whole) {
        ++sample.from;
        sample.weight = 0;
    }
    return true;
}

// The pixels of the result's columns, along one row of the picture: where each takes its value.
struct Columns {
    int first = 0, end = 0;           // the result's columns inside the picture, from first to before end
    int lowest = 0, highest = 0;      // the picture's columns they read, both ends included
    std::vector<int> from;            // for each of those columns, its first picture column less lowest
    std::vector<std::int8_t> weights; // for each, 8 bytes: (whole - w, w) four times (one per channel)
};

Columns columnsOf(PixelRect part, double scale, double left, int width) {
    Columns c;
    c.first = part.right();
    c.end = part.x;
    std::vector<Sample> samples;
    samples.reserve(static_cast<std::size_t>(part.width));
    for (int x = part.x; x < part.right(); ++x) {
        Sample s;
        if (sampleAt(x, scale, left, width, s)) {
            c.first = std::min(c.first, x);
            c.end = x + 1;
            samples.push_back(s);
        } else if (c.end > c.first) {
            break; // past the picture's right edge: the rest are outside too
        }
    }
    if (c.end <= c.first) {
        return c;
    }
    c.lowest = samples.front().from;
    c.highest = samples.back().from + 1;
    c.from.reserve(samples.size());
    c.weights.reserve(samples.size() * 8);
    for (const Sample& s : samples) {
        c.from.push_back(s.from - c.lowest);
        for (int channel = 0; channel < 4; ++channel) {
            c.weights.push_back(static_cast<std::int8_t>(whole - s.weight));
            c.weights.push_back(static_cast<std::int8_t>(s.weight));
        }
    }
    return c;
}

std::uint32_t blend(std::uint32_t a, std::uint32_t b, int weightOfB) {
    std::uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const std::uint32_t ca = (a >> shift) & 255U, cb = (b >> shift) & 255U;
        out |= ((ca * static_cast<std::uint32_t>(whole - weightOfB) +
                 cb * static_cast<std::uint32_t>(weightOfB) + whole / 2) >>
                weightBits)
               << shift;
    }
    return out;
}

void blendRowsPortable(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out, int count,
                       int weightOfB) {
    for (int i = 0; i < count; ++i) {
        out[i] = blend(a[i], b[i], weightOfB);
    }
}

// The row's pixels from the `start`th on.
void alongRowPortableFrom(const std::uint32_t* blended, const Columns& c, std::uint32_t* out, int start) {
    for (int i = start; i < c.end - c.first; ++i) {
        const int from = c.from[static_cast<std::size_t>(i)];
        out[i] = blend(blended[from], blended[from + 1], c.weights[static_cast<std::size_t>(i) * 8 + 1]);
    }
}

void alongRowPortable(const std::uint32_t* blended, const Columns& c, std::uint32_t* out) {
    alongRowPortableFrom(blended, c, out, 0);
}

#ifdef SANDTABLE_STRETCH_SSSE3

// Four pixels at a time: the two rows' bytes interleaved, each pair multiplied by its weights and
// added in one instruction (pmaddubsw), rounded, shifted and packed back.
__attribute__((target("ssse3"))) void blendRowsSsse3(const std::uint32_t* a, const std::uint32_t* b,
                                                     std::uint32_t* out, int count, int weightOfB) {
    const __m128i weights = _mm_set1_epi16(static_cast<short>((weightOfB << 8) | (whole - weightOfB)));
    const __m128i half = _mm_set1_epi16(whole / 2);
    int i = 0;
    for (; i + 4 <= count; i += 4) {
        const __m128i pa = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
        const __m128i pb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i low = _mm_srli_epi16(
            _mm_add_epi16(_mm_maddubs_epi16(_mm_unpacklo_epi8(pa, pb), weights), half), weightBits);
        const __m128i high = _mm_srli_epi16(
            _mm_add_epi16(_mm_maddubs_epi16(_mm_unpackhi_epi8(pa, pb), weights), half), weightBits);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_packus_epi16(low, high));
    }
    blendRowsPortable(a + i, b + i, out + i, count - i, weightOfB);
}

// Pixels i and i + 1 of the result's row, weighed in 16-bit lanes: each one's two neighbours loaded
// together, their channels interleaved, then weighed and added as above.
__attribute__((target("ssse3"))) __m128i twoAlongRowSsse3(const std::uint32_t* blended, const Columns& c,
                                                          int i) {
    const __m128i interleave = _mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m128i first =
        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(blended + c.from[static_cast<std::size_t>(i)]));
    const __m128i second =
        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(blended + c.from[static_cast<std::size_t>(i) + 1]));
    const __m128i pixels = _mm_shuffle_epi8(_mm_unpacklo_epi64(first, second), interleave);
    const __m128i weights =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.weights.data() + static_cast<std::size_t>(i) * 8));
    return _mm_srli_epi16(_mm_add_epi16(_mm_maddubs_epi16(pixels, weights), _mm_set1_epi16(whole / 2)),
                          weightBits);
}

// Four pixels at a time.
__attribute__((target("ssse3"))) void alongRowSsse3(const std::uint32_t* blended, const Columns& c,
                                                    std::uint32_t* out) {
    const int count = c.end - c.first;
    int i = 0;
    for (; i + 4 <= count; i += 4) {
        _mm_storeu_si128(
            reinterpret_cast<__m128i*>(out + i),
            _mm_packus_epi16(twoAlongRowSsse3(blended, c, i), twoAlongRowSsse3(blended, c, i + 2)));
    }
    alongRowPortableFrom(blended, c, out, i);
}

#endif

// The two passes' code, for the processor at hand.
struct Kernels {
    void (*blendRows)(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out, int count,
                      int weightOfB) = blendRowsPortable;
    void (*alongRow)(const std::uint32_t* blended, const Columns& c, std::uint32_t* out) = alongRowPortable;
};

Kernels kernelsFor(StretchCode code) {
#ifdef SANDTABLE_STRETCH_SSSE3
    static const StretchCode here = stretchCodeHere();
    if (code == StretchCode::Fastest) {
        code = here;
    }
    if (code == StretchCode::Ssse3 && here == StretchCode::Ssse3) {
        return {blendRowsSsse3, alongRowSsse3};
    }
#endif
    (void)code;
    return {};
}

} // namespace

StretchCode stretchCodeHere() {
#ifdef SANDTABLE_STRETCH_SSSE3
    if (__builtin_cpu_supports("ssse3")) {
        return StretchCode::Ssse3;
    }
#endif
    return StretchCode::Portable;
}

void stretchBilinear(const PixelRows& picture, PictureOrigin origin, StretchPlacement placement,
                     const PixelRows& into, PixelRect part, std::uint32_t background, StretchCode code) {
    const int x0 = std::max(part.x, 0), y0 = std::max(part.y, 0);
    part = {x0, y0, std::min(part.right(), into.width) - x0, std::min(part.bottom(), into.height) - y0};
    if (part.width <= 0 || part.height <= 0 || picture.width <= 0 || picture.height <= 0) {
        return;
    }
    const Kernels kernels = kernelsFor(code);
    const Columns columns = columnsOf(part, placement.scale, placement.left, picture.width);
    // One row of the picture blended from two, over the columns the part reads: the columns beyond
    // the picture repeat its edge, and one more so that every pixel's pair is read as 8 bytes.
    std::vector<std::uint32_t> blended(
        static_cast<std::size_t>(std::max(columns.highest - columns.lowest + 2, 2)));
    const int inside0 = std::clamp(columns.lowest, 0, picture.width - 1);
    const int inside1 = std::clamp(columns.highest, 0, picture.width - 1);
    const auto wrap = [](int i, int size) { return ((i % size) + size) % size; };
    for (int y = part.y; y < part.bottom(); ++y) {
        std::uint32_t* out = into.row(y);
        Sample s;
        if (columns.end <= columns.first || !sampleAt(y, placement.scale, placement.top, picture.height, s)) {
            std::fill(out + part.x, out + part.right(), background);
            continue;
        }
        const std::uint32_t* a =
            picture.row(wrap(std::clamp(s.from, 0, picture.height - 1) + origin.y, picture.height));
        const std::uint32_t* b =
            picture.row(wrap(std::clamp(s.from + 1, 0, picture.height - 1) + origin.y, picture.height));
        // The picture's columns inside0..inside1, as they lie wrapped in memory: one run or two.
        for (int column = inside0; column <= inside1;) {
            const int at = wrap(column + origin.x, picture.width);
            const int run = std::min(inside1 - column + 1, picture.width - at);
            std::uint32_t* to = blended.data() + (column - columns.lowest);
            kernels.blendRows(a + at, b + at, to, run, s.weight);
            column += run;
        }
        const std::uint32_t first = blended[static_cast<std::size_t>(inside0 - columns.lowest)];
        const std::uint32_t last = blended[static_cast<std::size_t>(inside1 - columns.lowest)];
        std::fill(blended.begin(), blended.begin() + (inside0 - columns.lowest), first);
        std::fill(blended.begin() + (inside1 - columns.lowest + 1), blended.end(), last);

        std::fill(out + part.x, out + columns.first, background);
        kernels.alongRow(blended.data(), columns, out + columns.first);
        std::fill(out + columns.end, out + part.right(), background);
    }
}

} // namespace sandtable
