#include "view_image.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>

#if defined(__linux__)
#include "model/limits.hpp"
#include "model/thread_beside.hpp"

#include <atomic>
#include <sys/mman.h>
#endif

namespace sandtable {

#if defined(__linux__)
namespace {

// A step of the paging in: the image's end waits for one at most (~3 ms here).
constexpr std::size_t stepBytes = std::size_t{1} << 20;

// The key of the memory a paged-in image owns (its address is the key).
const cairo_user_data_key_t memoryKey{};

// An image's memory, mapped for it and brought in beside; unmapped when the image goes, once the
// step under way is done.
class PagedInMemory {
  public:
    PagedInMemory(void* at, std::size_t length) : at_(at), length_(length) {}
    ~PagedInMemory() {
        stop_ = true;
        (void)pagingIn_.wait();
        munmap(at_, length_);
    }
    PagedInMemory(const PagedInMemory&) = delete;
    PagedInMemory& operator=(const PagedInMemory&) = delete;

    unsigned char* data() const { return static_cast<unsigned char*>(at_); }
    void startPagingIn() {
        pagingIn_ = ThreadBeside([this] {
            for (std::size_t done = 0; done < length_ && !stop_; done += stepBytes) {
                // The page tables filled as a write would fill them; no byte written. A kernel
                // before 5.14 refuses (EINVAL): the first frame's writes fault them in, as before.
                if (madvise(data() + done, std::min(stepBytes, length_ - done), MADV_POPULATE_WRITE) != 0) {
                    return;
                }
            }
        });
    }

  private:
    void* at_;
    std::size_t length_;
    std::atomic<bool> stop_{false};
    ThreadBeside pagingIn_; // last: waited for before the rest goes
};

} // namespace
#endif

cairo_surface_t* createImagePagedInBeside(cairo_format_t format, int width, int height) {
#if defined(__linux__)
    const int stride = cairo_format_stride_for_width(format, width);
    if (stride <= 0 || width <= 0 || height <= 0 || width > limits::maxPictureSide ||
        height > limits::maxPictureSide) {
        return nullptr;
    }
    const std::size_t length = static_cast<std::size_t>(stride) * static_cast<std::size_t>(height);
    void* at = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (at == MAP_FAILED) {
        return nullptr;
    }
    auto memory = std::make_unique<PagedInMemory>(at, length); // unmaps it on every way out
    cairo_surface_t* image =
        cairo_image_surface_create_for_data(memory->data(), format, width, height, stride);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_set_user_data(image, &memoryKey, memory.get(), [](void* owned) {
            std::unique_ptr<PagedInMemory>(static_cast<PagedInMemory*>(owned)); // waited for, unmapped
        }) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return nullptr;
    }
    memory.release()->startPagingIn(); // the image owns it now
    return image;
#else
    (void)format;
    (void)width;
    (void)height;
    return nullptr;
#endif
}

} // namespace sandtable
