#include "view_image.hpp"

#include "model/limits.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <memory>

#if defined(__linux__)
#include "model/thread_beside.hpp"

#include <atomic>
#include <sys/mman.h>
#endif

namespace sandtable {
namespace {

// A view image's memory, shared by the images made over it; given back when the last goes.
class ViewMemory {
  public:
    ViewMemory(const ViewMemory&) = delete;
    ViewMemory& operator=(const ViewMemory&) = delete;
    // `bytes` of zeroes, untouched (null when the system has none to give).
    static std::shared_ptr<ViewMemory> make(std::size_t bytes, Rows rows, int roomStride) {
#if defined(__linux__)
        // Mapped for it: given back whole when it goes, whatever the allocator keeps.
        void* at = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (at == MAP_FAILED) {
            return nullptr;
        }
#else
        void* at = std::calloc(bytes, 1); // large blocks come zeroed from the system, untouched
        if (at == nullptr) {
            return nullptr;
        }
#endif
        return std::make_shared<ViewMemory>(at, bytes, rows, roomStride);
    }
    // The memory taken over.
    ViewMemory(void* at, std::size_t bytes, Rows rows, int roomStride)
        : at_(at), bytes_(bytes), rows_(rows), roomStride_(roomStride) {}
    ~ViewMemory() {
#if defined(__linux__)
        stop_ = true;
        (void)pagingIn_.wait(); // at most one step
        munmap(at_, bytes_);
#else
        std::free(at_);
#endif
    }

    unsigned char* data() const {
        return static_cast<unsigned char*>(at_);
    }
    std::size_t bytes() const {
        return bytes_;
    }
    Rows rows() const {
        return rows_;
    }
    // The length of a row as long as the room is wide, in the format of the first image over it.
    int roomStride() const {
        return roomStride_;
    }
    // The first `length` bytes brought in by a thread beside, where the system can.
    void pageInBeside(std::size_t length) {
#if defined(__linux__)
        pagingIn_ = ThreadBeside([this, length = std::min(length, bytes_)] {
            for (std::size_t done = 0; done < length && !stop_; done += stepBytes) {
                // The page tables filled as a write would fill them; no byte written. A kernel
                // before 5.14 refuses (EINVAL): the first writes fault them in.
                if (madvise(data() + done, std::min(stepBytes, length - done), MADV_POPULATE_WRITE) != 0) {
                    return;
                }
            }
        });
#else
        (void)length;
#endif
    }

  private:
    void* at_;
    std::size_t bytes_;
    Rows rows_;
    int roomStride_;
#if defined(__linux__)
    // A step of the paging in: the memory's end waits for one at most (~3 ms here).
    static constexpr std::size_t stepBytes = std::size_t{1} << 20;
    std::atomic<bool> stop_{false};
    ThreadBeside pagingIn_; // last: waited for before the rest goes
#endif
};

// The key of the memory a view image shares (its address is the key).
const cairo_user_data_key_t memoryKey{};

bool fitsCairo(int width, int height) {
    return width > 0 && height > 0 && width <= limits::maxPictureSide && height <= limits::maxPictureSide;
}

std::size_t bytesOf(cairo_format_t format, int width, int height) {
    return static_cast<std::size_t>(cairo_format_stride_for_width(format, width)) *
           static_cast<std::size_t>(height);
}

// The memory `image` is over, where createViewImage made it.
const std::shared_ptr<ViewMemory>* memoryOf(cairo_surface_t* image) {
    if (image == nullptr || cairo_surface_get_type(image) != CAIRO_SURFACE_TYPE_IMAGE) {
        return nullptr;
    }
    return static_cast<const std::shared_ptr<ViewMemory>*>(cairo_surface_get_user_data(image, &memoryKey));
}

// An image over `memory`, which it holds a share of, its rows as the memory lays them out.
cairo_surface_t* imageOver(const std::shared_ptr<ViewMemory>& memory, cairo_format_t format, int width,
                           int height) {
    const int ownStride = cairo_format_stride_for_width(format, width);
    const int stride = memory->rows() == Rows::RoomsWidth ? memory->roomStride() : ownStride;
    if (!fitsCairo(width, height) || ownStride <= 0 || ownStride > stride ||
        static_cast<std::size_t>(stride) * static_cast<std::size_t>(height) > memory->bytes()) {
        return nullptr;
    }
    cairo_surface_t* image =
        cairo_image_surface_create_for_data(memory->data(), format, width, height, stride);
    auto share = std::make_unique<std::shared_ptr<ViewMemory>>(memory);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_set_user_data(image, &memoryKey, share.get(), [](void* owned) {
            std::unique_ptr<std::shared_ptr<ViewMemory>>(static_cast<std::shared_ptr<ViewMemory>*>(owned));
        }) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return nullptr;
    }
    (void)share.release(); // the image holds it now
    return image;
}

} // namespace

cairo_surface_t* createViewImage(cairo_format_t format, int width, int height, int roomWidth, int roomHeight,
                                 PagesIn pages, Rows rows) {
    if (!fitsCairo(width, height) || cairo_format_stride_for_width(format, width) <= 0) {
        return nullptr;
    }
    roomWidth = std::clamp<int>(roomWidth, width, static_cast<int>(limits::maxPictureSide));
    roomHeight = std::clamp<int>(roomHeight, height, static_cast<int>(limits::maxPictureSide));
    // Room for the widest and the tallest alike, each at Cairo's stride for its width.
    const int roomStride = cairo_format_stride_for_width(format, roomWidth);
    const std::size_t room = bytesOf(format, roomWidth, roomHeight);
    const std::shared_ptr<ViewMemory> memory = ViewMemory::make(room, rows, roomStride);
    if (memory == nullptr) {
        return nullptr;
    }
    cairo_surface_t* image = imageOver(memory, format, width, height);
    if (image != nullptr && pages == PagesIn::Beside) {
        // The image's own pages, not the room's beyond its last row.
        memory->pageInBeside(static_cast<std::size_t>(cairo_image_surface_get_stride(image)) *
                             static_cast<std::size_t>(height));
    }
    return image;
}

cairo_surface_t* imageInTheSameRoom(cairo_surface_t* image, int width, int height) {
    const std::shared_ptr<ViewMemory>* memory = memoryOf(image);
    if (memory == nullptr) {
        return nullptr;
    }
    return imageOver(*memory, cairo_image_surface_get_format(image), width, height);
}

std::optional<Rows> rowsOfViewImage(cairo_surface_t* image) {
    const std::shared_ptr<ViewMemory>* memory = memoryOf(image);
    if (memory == nullptr) {
        return std::nullopt;
    }
    return (*memory)->rows();
}

int roomFor(int side) {
    return side + side / 4;
}

cairo_surface_t* viewImageInPlaceOf(cairo_surface_t* old, cairo_format_t format, int width, int height,
                                    PagesIn pages, Rows rows) {
    if (old != nullptr) {
        cairo_surface_t* same = cairo_image_surface_get_format(old) == format && rowsOfViewImage(old) == rows
                                    ? imageInTheSameRoom(old, width, height)
                                    : nullptr;
        // The same memory now held by the new image, or given back before more is asked for.
        cairo_surface_destroy(old);
        if (same != nullptr) {
            return same;
        }
    }
    if (cairo_surface_t* made =
            createViewImage(format, width, height, roomFor(width), roomFor(height), pages, rows)) {
        return made;
    }
    return cairo_image_surface_create(format, width, height); // Cairo's own, or its error
}

} // namespace sandtable
