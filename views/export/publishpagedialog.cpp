#include "publishpagedialog.h"

#include "capturelabels.h"
#include "capturename.h"
#include "pagepublisher.h"
#include "plaintooltip.h"
#include "qs.h"
#include "reportcontentbuilder.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <map>

PublishPageDialog::PublishPageDialog(std::vector<CapturePtr> captures, QWidget *parent)
    : QDialog(parent)
    , m_captures(std::move(captures))
    , m_list(new QListWidget(this))
    , m_plan(new QLabel(this))
{
    setWindowTitle(QStringLiteral("Publish Page"));
    setObjectName(QStringLiteral("publishPageDialog"));
    auto *intro = new QLabel(QStringLiteral("The checked captures are published as one web page, a section per suite. "
                                            "A partial or failed capture is left out unless you check it."),
                             this);
    intro->setWordWrap(true);
    // Each named as the capture list names it: told apart within its suite.
    std::map<std::string, std::vector<std::size_t>> bySuite;
    for (std::size_t i = 0; i < m_captures.size(); ++i)
        bySuite[m_captures[i]->suite.id].push_back(i);
    std::vector<QString> names(m_captures.size());
    for (const auto &[suite, rows] : bySuite) {
        std::vector<const bs::Capture *> raw;
        for (std::size_t i : rows)
            raw.push_back(m_captures[i].get());
        const QStringList entries = CaptureLabels::entries(raw);
        for (std::size_t n = 0; n < rows.size(); ++n)
            names[rows[n]] = entries[int(n)];
    }
    for (std::size_t i = 0; i < m_captures.size(); ++i) {
        const bs::Capture &c = *m_captures[i];
        auto *item = new QListWidgetItem(qs(c.suite.name()) + QStringLiteral(" — ") + names[i], m_list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        const bool usable = CaptureLabels::mark(c).isEmpty();
        item->setCheckState(usable ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(PlainToolTip::of(qs(c.sourcePath)));
        if (!usable)
            item->setForeground(QColor(CaptureLabels::isFailed(c) ? 0xb02020 : 0xa05500));
    }
    m_list->setObjectName(QStringLiteral("publishCaptures"));
    m_plan->setObjectName(QStringLiteral("publishPlan"));
    m_plan->setWordWrap(true);
    m_plan->setTextFormat(Qt::RichText);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_publish = buttons->addButton(QStringLiteral("Choose Folder…"), QDialogButtonBox::AcceptRole);
    m_publish->setObjectName(QStringLiteral("publishChosen"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemChanged, this, &PublishPageDialog::describe);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_plan);
    layout->addWidget(buttons);
    resize(640, 420);
    describe();
}

std::vector<PublishPageDialog::CapturePtr> PublishPageDialog::chosen() const
{
    std::vector<CapturePtr> out;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out.push_back(m_captures[std::size_t(i)]);
    return out;
}

void PublishPageDialog::setChecked(int row, bool checked)
{
    if (QListWidgetItem *item = m_list->item(row))
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void PublishPageDialog::describe()
{
    const std::vector<CapturePtr> captures = chosen();
    m_publish->setEnabled(!captures.empty());
    if (captures.empty()) {
        m_plan->setText(QStringLiteral("Nothing is checked: check a capture to publish."));
        return;
    }
    QString text = QStringLiteral("The page will hold, per suite:<ul style=\"margin-left: -20px\">");
    for (const PagePublisher::Suite &suite : PagePublisher::suites(captures, {}))
        text += QStringLiteral("<li><b>%1</b>: %2</li>")
                    .arg(qs(suite.captures.front()->suite.name()).toHtmlEscaped(),
                         qs(ReportContentBuilder::plan(suite.captures, false)).toHtmlEscaped());
    m_plan->setText(text + QStringLiteral("</ul>"));
}
