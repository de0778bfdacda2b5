// The Swift samples of HeraldReport's landing page
// (Sources/HeraldReport/Documentation.docc/HeraldReport.md), each inside the context it
// needs; the documentation tests check that they appear here verbatim.
import Foundation
import HeraldReport
import HeraldScenario

enum HeraldReportLandingPageSamples {
    static func textAndJSON(scenario: Scenario) async throws {
        let result = try await ScenarioRunner(scenario: scenario).run()
        print(result.text())          // aligned text, then a summary
        print(result.jsonLines())     // one JSON object per line
    }

    static func htmlPage(scenario: Scenario) async throws {
        let result = try await ScenarioRunner(scenario: scenario).run()
        let page = HTMLReport.render(result, reserve: scenario.planner.reserve)
        try page.write(toFile: "report.html", atomically: true, encoding: .utf8)
    }
}
