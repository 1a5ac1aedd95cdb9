#pragma once

#include <memory>

class QApplication;

// The QApplication that export and report need to draw charts, made once
// their files have loaded. With no display (no DISPLAY or WAYLAND_DISPLAY)
// and no platform chosen, it picks the offscreen platform, so CI needs no X
// server.
class HeadlessGui {
public:
    HeadlessGui();
    ~HeadlessGui();

private:
    int m_argc = 1;
    char m_name[16] = "benchscope-cli";
    char *m_argv[2] = {m_name, nullptr};
    std::unique_ptr<QApplication> m_app;
};
