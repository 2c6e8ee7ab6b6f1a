/// What a panel has read: input events, frames (`SYN_REPORT`) and `SYN_DROPPED`.
@usableFromInline struct ReadCounts {
    @usableFromInline var events = 0
    @usableFromInline var frames = 0
    @usableFromInline var dropped = 0

    @usableFromInline init() {}
}
