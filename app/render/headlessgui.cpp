#include "headlessgui.h"

#include <QApplication>

namespace {

QtMessageHandler g_previous = nullptr;

// Qt's platform start-up asks for the runtime folder, and without
// XDG_RUNTIME_DIR (as root, under sudo, in CI) warns that it picked one: a
// headless command prints only its own output and errors, so that one
// warning is dropped and every other message goes on as before.
void withoutRuntimeDirWarning(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    g_previous(type, context, message); // Qt's own handler when none was installed
}

} // namespace

HeadlessGui::HeadlessGui()
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        g_previous = qInstallMessageHandler(withoutRuntimeDirWarning);
    m_app = std::make_unique<QApplication>(m_argc, m_argv);
}

HeadlessGui::~HeadlessGui() = default;
