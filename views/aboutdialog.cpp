#include "aboutdialog.h"

#include "libraryversions.h"
#include "version.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(QStringLiteral("About Benchscope"));
    auto *icon = new QLabel(this);
    icon->setPixmap(QApplication::windowIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);
    auto *label = new QLabel(text(), this);
    label->setObjectName(QStringLiteral("aboutText"));
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    label->setOpenExternalLinks(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(label, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

QString AboutDialog::text()
{
    const QString qtBuilt = QStringLiteral(QT_VERSION_STR);
    const QString qtRunning = QString::fromLatin1(qVersion());
    const QString qt = qtBuilt == qtRunning ? qtRunning : qtRunning + QStringLiteral(" (built with ") + qtBuilt + u')';
    return QStringLiteral("<h2>Benchscope ") + QString::fromLatin1(bs::kVersion)
        + QStringLiteral("</h2><p>A desktop explorer for benchmark results, with a bundled native runner "
                         "(<tt>benchscope-run</tt>) and a headless <tt>benchscope-cli</tt>.</p>"
                         "<p>Built with Qt ")
        + qt + QStringLiteral(", zlib ") + QString::fromStdString(bs::LibraryVersions::zlib())
        + QStringLiteral(" and nlohmann/json ") + QString::fromStdString(bs::LibraryVersions::nlohmannJson())
        + QStringLiteral(".</p><p>Free software under the MIT License: see the LICENSE file "
                         "(installed in share/doc/benchscope).</p>");
}
