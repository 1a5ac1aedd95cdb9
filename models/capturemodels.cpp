#include "capturemodels.h"

#include "allcasesmodel.h"
#include "casetablemodel.h"
#include "participantfilterproxy.h"


CaptureModels::CaptureModels(std::shared_ptr<const bs::Capture> capture, QObject *parent)
    : QObject(parent)
    , m_capture(std::move(capture))
{
}

ParticipantFilterProxy *CaptureModels::caseTable(const std::string &caseId)
{
    if (auto it = m_cases.find(caseId); it != m_cases.end())
        return it->second;
    if (!m_capture->caseInfo(caseId))
        return nullptr;
    auto *proxy = new ParticipantFilterProxy(this);
    proxy->setSourceModel(new CaseTableModel(m_capture, caseId, proxy));
    m_cases[caseId] = proxy;
    return proxy;
}

ParticipantFilterProxy *CaptureModels::allCases(const std::string &metricId)
{
    if (auto it = m_allCases.find(metricId); it != m_allCases.end())
        return it->second;
    // As the All cases tab starts: with the default baseline.
    auto *model = new AllCasesModel(m_capture);
    if (!metricId.empty())
        model->setMetric(metricId);
    auto *proxy = new ParticipantFilterProxy(this);
    model->setParent(proxy);
    proxy->setSourceModel(model);
    m_allCases[metricId] = proxy;
    return proxy;
}
