import Foundation
import ProgramTestSupport
import Testing

/// `picture --coverage`: the heat map shows which cells were touched; the views over it are
/// outlines, not shaded as touched (which made every cell under a touched view look alike).
struct PictureCoverageTests {
    @Test func theHeatMapIsNotHiddenUnderTheTouchedViews() throws {
        let recording = repositoryDirectory + "/examples/kiosk.evemu"
        let scene = repositoryDirectory + "/examples/kiosk.json"
        let plain = try Spawned(touchbridgeExecutable, ["picture", recording, "--scene", scene])
        #expect(plain.wait(timeout: 30) == 0, "\(plain.errors)")
        #expect(plain.output.contains("class=\"view hit\""), "without a heat map the touched views are shaded")
        let map = try Spawned(touchbridgeExecutable, ["picture", "--coverage", recording, "--scene", scene])
        #expect(map.wait(timeout: 30) == 0, "\(map.errors)")
        #expect(map.output.contains("<g class=\"coverage\">"))
        #expect(map.output.contains("<title>no touch</title>"))
        #expect(map.output.contains("fill=\"#ff8800\""))
        #expect(!map.output.contains("class=\"view hit\""), "views over the heat map are outlines")
    }
}
