#include "errorbanner.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

ErrorBanner::ErrorBanner(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("errorBanner"));
    setStyleSheet(QStringLiteral("#errorBanner { background: #fdecea; border: 1px solid #e0a8a2; border-radius: 3px; }"
                                 "#errorBanner QLabel { color: #611a15; }"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(QStringLiteral("Dismiss"));
    connect(close, &QToolButton::clicked, this, &ErrorBanner::clear);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void ErrorBanner::addError(const bs::LoadError &error)
{
    const QString file = QString::fromStdString(error.file);
    QString line = QStringLiteral("<b>Could not open %1</b>").arg(QFileInfo(file).fileName().toHtmlEscaped());
    if (!error.place.empty())
        line += QStringLiteral(" — at ") + QString::fromStdString(error.place).toHtmlEscaped();
    line += QStringLiteral(": ") + QString::fromStdString(error.message).toHtmlEscaped();
    line += QStringLiteral("<br><span style=\"color:#8a5a55\">") + file.toHtmlEscaped() + QStringLiteral("</span>");
    m_messages << QString::fromStdString(error.toString());
    appendLine(line);
}

void ErrorBanner::addProblem(const QString &headline, const QString &message)
{
    m_messages << headline + QStringLiteral(": ") + message;
    appendLine(QStringLiteral("<b>%1</b>: %2").arg(headline.toHtmlEscaped(), message.toHtmlEscaped()));
}

void ErrorBanner::appendLine(const QString &line)
{
    const QString text = m_label->text();
    m_label->setText(text.isEmpty() ? line : text + QStringLiteral("<br>") + line);
    show();
}

void ErrorBanner::clear()
{
    m_messages.clear();
    m_label->clear();
    hide();
}
