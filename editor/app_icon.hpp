#pragma once
// Sandtable's own picture: the window's icon (taskbar, Alt+Tab) and the About box's logo.
#include <wx/bmpbndl.h>
#include <wx/iconbndl.h>

namespace sandtable {

// A hex of open ground with a red flag on it, drawn from one SVG at any size.
wxBitmapBundle appLogo();
// The logo at the sizes window managers and Windows' taskbar ask for.
wxIconBundle appIcons();

} // namespace sandtable
