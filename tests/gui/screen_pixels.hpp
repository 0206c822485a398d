#pragma once
// A window's pixels as the display shows them, read back from the screen (on X11, the server's):
// what the user sees, whatever the program keeps. wx's own read-back (a wxClientDC blitted to a
// bitmap) and GDK's of the window do not show what the server copied within the window
// (editor/canvas/shown_pixels).
#include <wx/image.h>

class wxWindow;

namespace sandtable {

// Empty where it cannot be read: not all of the window on the screen (nothing may cover it either:
// under xvfb-run, with no window manager, nothing does).
wxImage pixelsOnTheScreen(wxWindow& window);

} // namespace sandtable
