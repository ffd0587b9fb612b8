// The operations workbook (infra/workbook.json) attached to Application Insights.
param location string
param tags object
param appInsightsId string
param displayName string

resource workbook 'Microsoft.Insights/workbooks@2023-06-01' = {
  name: guid(appInsightsId, 'procura-operations-workbook')
  location: location
  tags: tags
  kind: 'shared'
  properties: {
    displayName: displayName
    category: 'workbook'
    sourceId: appInsightsId
    serializedData: replace(loadTextContent('../workbook.json'), '__APP_INSIGHTS_ID__', appInsightsId)
  }
}

output id string = workbook.id
