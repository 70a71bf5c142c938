import CapabilitySupport

/// `PCIIDsListing` (which issue 40 deletes on another branch) names `Retrying` without
/// importing `CapabilitySupport`; this name keeps it compiling until that deletion lands,
/// and goes with it.
typealias Retrying = CapabilitySupport.Retrying
