@testable import CapabilityManifest
import Testing

@Suite struct ManifestFormatsTests {
    @Test func everyKindHasExactlyOneFormat() {
        for kind in ManifestKind.allCases {
            #expect(ManifestFormats.all.filter { $0.kind == kind }.count == 1, "\(kind)")
        }
        #expect(ManifestFormats.all.count == ManifestKind.allCases.count)
    }

    @Test func nounsNameEachKindAsMessagesDo() {
        #expect(ManifestKind.plist.noun == "an Info.plist")
        #expect(ManifestKind.android.noun == "an AndroidManifest.xml")
        #expect(ManifestKind.json.noun == "a capcheck JSON manifest")
        #expect(ManifestKind.appstream.noun == "AppStream metainfo")
    }

    @Test func listedJoinsWordsAsProse() {
        #expect(ManifestFormats.listed([]) == "")
        #expect(ManifestFormats.listed(["a"]) == "a")
        #expect(ManifestFormats.listed(["a", "b"]) == "a or b")
        #expect(ManifestFormats.listed(["a", "b", "c"]) == "a, b or c")
        #expect(ManifestKind.listed == "plist, android, json or appstream")
        #expect(ManifestKind.choices == "plist|android|json|appstream")
    }

    @Test func onlyXMLFormatsNameARootElement() {
        let roots = ManifestFormats.all.compactMap { $0.xmlRoot?.element }
        #expect(roots == ["plist", "manifest", "component"])
    }

    @Test func onlyAndroidAndAppStreamHaveTheirOwnImpliedLegend() {
        #expect(ManifestFormats.format(of: .plist)?.impliedLegend(hasDefault: true) == nil)
        #expect(ManifestFormats.format(of: .json)?.impliedLegend(hasDefault: true) == nil)
        #expect(
            ManifestFormats.format(of: .android)?.impliedLegend(hasDefault: true)
                == "(* implied by a permission or an activity orientation, + default for all apps)")
        #expect(
            ManifestFormats.format(of: .appstream)?.impliedLegend(hasDefault: false)
                == "(* implied by the AppStream specification for this component)")
    }
}
