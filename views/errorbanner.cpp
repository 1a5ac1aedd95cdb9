#include "errorbanner.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include <algorithm>

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
    add({line, QString::fromStdString(error.toString())});
}

void ErrorBanner::addProblem(const QString &headline, const QString &message, const QObject *about)
{
    if (about && std::none_of(m_messages.cbegin(), m_messages.cend(), [about](const Message &m) { return m.about == about; }))
        connect(about, &QObject::destroyed, this, [this, about] { dismiss(about); });
    add({QStringLiteral("<b>%1</b>: %2").arg(headline.toHtmlEscaped(), message.toHtmlEscaped()),
         headline + QStringLiteral(": ") + message, about});
}

void ErrorBanner::add(Message message)
{
    m_messages << std::move(message);
    showMessages();
}

void ErrorBanner::dismiss(const QObject *about)
{
    if (!about)
        return;
    m_messages.removeIf([about](const Message &m) { return m.about == about; });
    showMessages();
}

void ErrorBanner::clear()
{
    m_messages.clear();
    showMessages();
}

QStringList ErrorBanner::messages() const
{
    QStringList texts;
    for (const Message &m : m_messages)
        texts << m.text;
    return texts;
}

void ErrorBanner::showMessages()
{
    QStringList lines;
    for (const Message &m : std::as_const(m_messages))
        lines << m.html;
    m_label->setText(lines.join(QStringLiteral("<br>")));
    setVisible(!m_messages.isEmpty());
}
