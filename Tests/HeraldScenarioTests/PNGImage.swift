import CZlib
import Foundation

/// A PNG read far enough to tell whether a screenshot shows anything: 8-bit RGB or
/// RGBA, non-interlaced (what Chromium writes), unfiltered into plain pixels.
struct PNGImage {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    var width: Int
    var height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    var channels: Int
    var pixels: [UInt8]

    init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Unsupported(description: "not a PNG file")
        }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length + 4 <= bytes.count else { throw Unsupported(description: "a truncated \(type) chunk") }
            switch type {
            case "IHDR": header = Array(bytes[body..<body + length])
            case "IDAT": compressed += bytes[body..<body + length]
            default: break
            }
            offset = body + length + 4
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw Unsupported(description: "no IHDR chunk") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard header[8] == 8, header[12] == 0, [2, 6].contains(header[9]) else {
            throw Unsupported(description: "bit depth \(header[8]), colour type \(header[9]), interlace \(header[12])")
        }
        channels = header[9] == 6 ? 4 : 3
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var size = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { output in
            compressed.withUnsafeBufferPointer { input in
                uncompress(output.baseAddress, &size, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(size) == raw.count else { throw Unsupported(description: "zlib status \(status)") }
        pixels = try Self.unfilter(raw, width: width, height: height, channels: channels)
    }

    /// Undoes the per-row filters (None, Sub, Up, Average, Paeth) of PNG's spec.
    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        var out = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let input = row * (stride + 1) + 1
            let base = row * stride
            for i in 0..<stride {
                let x = raw[input + i]
                let a = i >= channels ? Int(out[base + i - channels]) : 0
                let b = row > 0 ? Int(out[base - stride + i]) : 0
                let c = row > 0 && i >= channels ? Int(out[base - stride + i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Unsupported(description: "filter \(filter) in row \(row)")
                }
                out[base + i] = UInt8(truncatingIfNeeded: Int(x) + predictor)
            }
        }
        return out
    }

    /// How many pixels have each colour (RGB, alpha ignored).
    func colourCounts() -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for index in stride(from: 0, to: pixels.count, by: channels) {
            let colour = UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
            counts[colour, default: 0] += 1
        }
        return counts
    }
}
