extension ProbeContext {
    /// The status shared by the probers: `present` with the matching evidence when any device
    /// matched, else `unknown` with the evidence of the candidates that could not be decided,
    /// else ``noCandidateStatus`` (absent only for a complete source).
    /// - Parameters:
    ///   - found: Evidence of the devices that provide the capability.
    ///   - unsure: Evidence of the candidates whose deciding fact is missing.
    /// - Returns: The status and the evidence to report.
    func verdict(found: [Evidence], unsure: [Evidence]) -> (
        status: CapabilityStatus, evidence: [Evidence]
    ) {
        if !found.isEmpty { return (.present, found) }
        if !unsure.isEmpty { return (.unknown, unsure) }
        return (noCandidateStatus, [])
    }
}
