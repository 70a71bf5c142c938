// The one module a Swift user imports: it re-exports every library target, so
// `import CapabilityProbe` gives sources, probers, manifests, matrices, renderers and the
// watch stream.
@_exported import CapabilityInput
@_exported import CapabilityLive
@_exported import CapabilityManifest
@_exported import CapabilityManifestFiles
@_exported import CapabilityMatrix
@_exported import CapabilityModel
@_exported import CapabilityProbing
@_exported import CapabilityRecordings
@_exported import CapabilityRendering
@_exported import CapabilitySupport
@_exported import CapabilityWatch
