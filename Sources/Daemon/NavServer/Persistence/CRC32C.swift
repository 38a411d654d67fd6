// CRC-32C (Castagnoli), the checksum of saved session state: it catches torn writes and flipped
// bits, which is all a state file needs (it guards against accidents, not attackers).

/// Computes CRC-32C checksums.
enum CRC32C {
  /// The lookup table of the reflected polynomial 0x82F63B78, one entry per byte value.
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1 }
    return value
  }

  /// The checksum of `bytes`.
  static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    table.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
