import Foundation
import Herald
import HeraldReport
import HeraldScenario
import HeraldSimulator
import Testing

/// Scenarios of several devices (`devices:`): the format's keys and their errors, the
/// two bundled showcases played device by device, and the command's output, every
/// line naming its device. Expectations are worked by hand from the files and the
/// platform's forwarding rules.
@Suite struct HouseholdScenarioTests {
    static let devices = """
        devices:
          - {id: phone, kind: iphone}
          - {id: watch, kind: watch, paired_with: phone}
          - {id: mac, kind: mac}

        """

    static let water = """
        entities:
          - id: water
            title: Water
            rules: [{id: r, daily: ["09:00"], alerts_on: watch}]

        """

    @Test func parsesTheDevicesTheChannelTheUserAndWhereRulesAlert() throws {
        let scenario = try makeScenario(body: Self.devices + """
            sync: {latency: 30, push_wakes_per_hour: 3, channel: watch_connectivity}
            watch_dedupe: works
            user: {using: mac, phone: unlocked, watch: off}
            alerts_on: each

            """ + Self.water + """
            events:
              - {at: 2026-11-21T08:10, complete: water, on: watch}
              - {at: 2026-11-21T08:20, user: {watch: worn}}
              - {at: 2026-11-21T08:30, launch}
            """)
        let household = try #require(scenario.household)
        #expect(household.members == [HouseholdMember(id: "phone", kind: .iPhone),
                                      HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone"),
                                      HouseholdMember(id: "mac", kind: .mac)])
        #expect(household.sync == HouseholdSync(latency: 30, pushWakesPerHour: 3, channel: .watchConnectivity, watchDedupe: .works))
        #expect(household.user == HouseholdUser(using: "mac", phoneLocked: false, watchWorn: false))
        #expect(household.alertsOn == .each)
        #expect(scenario.entities[0].rules[0].alertsOn == .watch)
        #expect(scenario.events.map(\.device) == ["watch", nil, nil])
        // A user event changes what it says and keeps the rest
        #expect(scenario.events[1].action == .user(HouseholdUser(using: "mac", phoneLocked: false, watchWorn: true)))
    }

    @Test(arguments: [
        ("events:\n  - {at: 2026-11-21T09:00, launch, on: phone}\n", "on names a device, and the scenario has one"),
        ("watch_dedupe: works\n", "watch_dedupe describes several devices"),
        (devices + "events:\n  - {at: 2026-11-21T09:00, launch, on: ipad}\n",
         "\"ipad\" is not a device of the scenario (expected phone, watch or mac)"),
        ("devices:\n  - {id: w, kind: watch, paired_with: mac}\n", "\"mac\" is not an iphone listed before w"),
        ("devices:\n  - {id: p, kind: iphone}\n  - {id: p, kind: mac}\n", "device \"p\" is listed twice"),
        ("devices:\n  - {id: p, kind: ipod}\n", "\"ipod\" is not a kind of device (expected iphone, watch, ipad or mac)"),
        ("devices:\n  - {id: p, kind: mac, paired_with: q}\n", "only a watch is paired with an iPhone"),
        (devices + "user: {using: tv}\n", "\"tv\" is not a device of the scenario"),
        (devices + "sync: {latency: -1}\n", "-1 is out of range (expected 0...86400)"),
        (devices + "sync: {channel: bluetooth}\n", "\"bluetooth\" is not a channel (expected cloudkit or watch_connectivity)"),
        ("events:\n  - {at: 2026-11-21T09:00, user: {using: none}}\n", "user says where the user is among their devices"),
        (devices + "events:\n  - {at: 2026-11-21T09:00, zone: Asia/Tokyo}\n", "a scenario of several devices plays them on one clock"),
        (devices + "entities:\n  - id: a\n    title: A\n    rules: [{id: r, daily: [\"09:00\"], alerts_on: tv}]\n",
         "\"tv\" is not where a rule alerts (expected phone, watch or each)"),
    ])
    func refusesWhatCannotBeAHousehold(body: String, message: String) throws {
        let error = try #require(parseError(ScenarioFixtures.header + body))
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func theExerciseShowcaseAlertsEachOccurrenceOnceAndTheWatchsLogEndsTheFollowUp() async throws {
        let result = try await HouseholdScenarioRunner(scenario: makeExample("exercise-watch.yaml")).run()
        let alerts = Dictionary(uniqueKeysWithValues: result.alerts.map { ($0.identifier, $0.devices) })
        let occurrence = "exercise:standup:hourly:20261123T"
        // The iPhone is locked and the Watch worn: the system forwards each to the Watch,
        // except the 10:10 follow-up, while the user holds the unlocked iPhone.
        #expect(alerts == [
            "herald:reminder:\(occurrence)0900": ["watch"],
            "herald:snooze:\(occurrence)0900": ["watch"],
            "herald:reminder:\(occurrence)1000": ["watch"],
            "herald:followup:\(occurrence)1000": ["phone"],
            "herald:reminder:\(occurrence)1100": ["watch"],
        ])
        // The Watch's Log reached the iPhone at 11:02:10 through a push: no 11:10 follow-up,
        // nothing left in its list, badge 0; the Watch's app scheduled nothing of a phone rule.
        let phone = try #require(result.lanes.first { $0.member.id == "phone" }?.result)
        let watch = try #require(result.lanes.first { $0.member.id == "watch" }?.result)
        #expect(phone.summary.stillDelivered == 0)
        #expect(phone.summary.appBadge == 0)
        #expect(watch.summary.delivered == 0)
        #expect(result.events.contains { $0.device == "phone" && $0.kind == .heard(count: 2, from: ["watch"], way: .pushWake)
            && $0.date == phone.deliveries[0].date.addingTimeInterval(2 * 3_600 + 130) })
    }

    @Test func theGoalsShowcasePausesOnTheMacAndClearsTheIPhoneAtItsNextLaunch() async throws {
        let result = try await HouseholdScenarioRunner(scenario: makeExample("goals-phone-mac.yaml")).run()
        let alerts = Dictionary(uniqueKeysWithValues: result.alerts.map { ($0.identifier, $0.devices) })
        // Morning run was paused on the Mac at 08:46 and heard by the iPhone at 08:46:10:
        // its 09:01 alerts nowhere; Read alerts on both on the 21st
        #expect(alerts == [
            "herald:reminder:goal:read:checkin:20261121T0900": ["phone", "mac"],
            "herald:reminder:goal:read:checkin:20261122T0900": ["phone"],
        ])
        // Read done on the Mac at 08:40 on the 22nd waited for the force-quit iPhone app:
        // its 09:00 alerted, and the launch at 09:30 cleared it and the badge
        let phone = try #require(result.lanes.first { $0.member.id == "phone" }?.result)
        #expect(phone.summary.appBadge == 0)
        #expect(result.events.contains { $0.device == "phone" && $0.kind == .heard(count: 1, from: ["mac"], way: .nextRun) })
        #expect(result.events.contains { event in
            if case .held(1, let why) = event.kind { event.device == "phone" && why.contains("force-quit") } else { false }
        })
    }

    @Test func anAnswerInALoadingAppLeavesAtOnceAndAPushLaunchesTheOtherApp() async throws {
        let scenario = try makeScenario(body: """
            days: 1
            app: not-running
            ready_after: 2
            devices:
              - {id: phone, kind: iphone}
              - {id: mac, kind: mac}
            sync: {latency: 10}
            alerts_on: each
            entities:
              - id: water
                title: Water
                rules: [{id: r, daily: ["09:00"]}]
            events:
              - {at: 2026-11-21T09:05, tap: water}
              - {at: 2026-11-21T12:00, launch, on: mac}
            """)
        let result = try await HouseholdScenarioRunner(scenario: scenario).run()
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        func at(_ text: String) -> Date { ZoneConverter.for(berlin).instant(for: LocalDateTime(parsing: text)!).date }
        // The tap cold-launches the phone's app: Herald records the answer at once (the
        // route waits until 09:05:02, when the app is ready), so it leaves at 09:05 and
        // reaches the Mac 10 s later; the Mac's app is not running (and was not
        // force-quit), so a background push launches it, and its copy goes
        let sent = result.events.first { $0.device == "phone" && $0.kind == .sent(count: 1) }
        #expect(sent?.date == at("2026-11-21T09:05"))
        let heard = result.events.first { $0.device == "mac" && $0.kind == .heard(count: 1, from: ["phone"], way: .pushWake) }
        #expect(heard?.date == at("2026-11-21T09:05:10"))
        let mac = try #require(result.lanes.first { $0.member.id == "mac" }?.result)
        #expect(mac.summary.stillDelivered == 0)
    }

    @Test func everyLineOfTheCommandsOutputNamesItsDevice() async throws {
        let json = try await HeraldCommandTests().makeExecution(["simulate", "Examples/exercise-watch.yaml", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let objects = try json.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.dropLast().allSatisfy { $0["device"] is String })
        #expect(objects.last?["type"] as? String == "household_summary")
        let deliveries = objects.filter { $0["type"] as? String == "delivery" }
        #expect(deliveries.allSatisfy { $0["alerted"] is Bool })
        #expect(deliveries.filter { $0["forwarded_from"] as? String == "phone" }.count == 4)
        let text = try await HeraldCommandTests().makeExecution(["simulate", "Examples/exercise-watch.yaml"])
        #expect(text.stdout.contains("watch  2026-11-23 09:00"))

        let refused = try await HeraldCommandTests().makeExecution(["simulate", "Examples/exercise-watch.yaml", "--state", "/tmp/x.sqlite"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("drop --state"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/x.sqlite"))
    }

    @Test func theHTMLPageHasALanePerDeviceEachDay() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-household-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("page.html").path
        let run = try await HeraldCommandTests().makeExecution(["simulate", "Examples/exercise-watch.yaml", "--html", path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: path, encoding: .utf8)
        // Two devices, two days (the run ends at 08:30 on the 24th): four lanes
        #expect(page.components(separatedBy: "class=\"device-day\"").count - 1 == 4)
        #expect(page.components(separatedBy: "data-device=\"watch\"").count - 1 == 3)   // 2 lanes, 1 summary row
        // Five occurrences delivered; four copies forwarded to the Watch, one alert on the phone
        #expect(page.components(separatedBy: "<tr data-identifier=").count - 1 == 5)
        #expect(page.components(separatedBy: "forwarded from phone, alerted").count - 1 == 4)
        #expect(page.components(separatedBy: "not alerted: forwarded to watch").count - 1 == 4)
    }

    @Test func aSingleDeviceRunnerRefusesAScenarioOfSeveral() async throws {
        await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: makeExample("goals-phone-mac.yaml")).run() }
    }
}

/// `herald why --on`: the story of an occurrence on one device of several.
@Suite struct HouseholdWhyTests {
    @Test func theIPhoneHeardTheMacsCompletionAtItsNextLaunch() async throws {
        let scenario = try makeExample("goals-phone-mac.yaml")
        let rule = ReminderRule.ID(entity: EntityReference(namespace: "goal", id: "read"), rule: "checkin")
        let story = try await HouseholdScenarioRunner(scenario: scenario)
            .why(rule, at: LocalDateTime(parsing: "2026-11-22T09:00")!, on: "phone")
        // Delivered at 09:00 (the app was force-quit), then at its launch at 09:30 it heard
        // the Mac's completion of 08:40, and the run that followed removed the copy
        #expect(story.verdict == .delivered)
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        func at(_ text: String) -> Date { ZoneConverter.for(berlin).instant(for: LocalDateTime(parsing: text)!).date }
        let heard = try #require(story.events.firstIndex { $0.fact.kind == "heard_from" })
        #expect(story.events[heard] == .init(date: at("2026-11-22T09:30"),
                                             fact: .heardFrom(device: "mac", change: "done", madeAt: at("2026-11-22T08:40"))))
        #expect(story.events[(heard + 1)...].contains {
            $0.fact == .removedDelivered(identifier: "herald:reminder:goal:read:checkin:20261122T0900")
        })
        let line = OccurrenceStoryText.lines(story, zone: berlin)[heard]
        #expect(line.hasSuffix("sync: done on mac at 2026-11-22 08:40 GMT+1, heard here")
                || line.hasSuffix("sync: done on mac at 2026-11-22 08:40 CET, heard here"), "\(line)")
    }

    @Test func aRuleThatAlertsOnThePhoneIsNotScheduledOnTheWatch() async throws {
        let scenario = try makeExample("exercise-watch.yaml")
        let rule = ReminderRule.ID(entity: EntityReference(namespace: "exercise", id: "standup"), rule: "hourly")
        let story = try await HouseholdScenarioRunner(scenario: scenario)
            .why(rule, at: LocalDateTime(parsing: "2026-11-23T10:00")!, on: "watch")
        #expect(story.events.first?.fact == .notScheduledHere(alertsOn: .phone))
        #expect(!story.events.contains { $0.fact.kind == "planned" })
    }

    @Test func theCommandTakesADeviceAndRefusesOneTheScenarioDoesNotHave() async throws {
        let told = try await HeraldCommandTests().makeExecution([
            "why", "Examples/goals-phone-mac.yaml", "--occurrence", "goal/run/checkin", "--at", "2026-11-21T09:01", "--on", "phone"])
        #expect(told.status == 0, "\(told.stderr)")
        #expect(told.stdout.contains("sync: paused on mac at 2026-11-21 08:46"))
        #expect(told.stdout.hasPrefix("goal/run/checkin at 2026-11-21T09:01: skipped"))
        let unknown = try await HeraldCommandTests().makeExecution([
            "why", "Examples/goals-phone-mac.yaml", "--occurrence", "goal/run/checkin", "--at", "2026-11-21T09:01", "--on", "tv"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("\"tv\" is not a device of the scenario (expected phone, mac)"))
        let single = try await HeraldCommandTests().makeExecution([
            "why", "Examples/habits.yaml", "--occurrence", "habit/stretch/morning", "--at", "2026-11-21T09:00", "--on", "phone"])
        #expect(single.status == 64)
        #expect(single.stderr.contains("--on"))
    }
}
